interface ChoiceButtonsProps<V extends string> {
  /** The group's name for screen readers (not shown). */
  legend: string;
  options: ReadonlyArray<{ value: V; label: string }>;
  value: V;
  onChange: (value: V) => void;
  /** The group's class; each button has the class `${className}__option`. */
  className: string;
}

/** One of a few options picked with a row of buttons, the chosen one pressed. */
export function ChoiceButtons<V extends string>({
  legend,
  options,
  value,
  onChange,
  className,
}: ChoiceButtonsProps<V>) {
  return (
    <fieldset className={className}>
      <legend className="visually-hidden">{legend}</legend>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={`${className}__option`}
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
