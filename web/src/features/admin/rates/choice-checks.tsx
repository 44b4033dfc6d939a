/**
 * A direction's choice of several of a fixed list (its market sources, the SBP banks it pays to):
 * one checkbox each, kept in the list's order whatever order they are ticked in.
 */
export function ChoiceChecks<T extends string>({
  id,
  legend,
  options,
  chosen,
  error,
  className,
  onChange,
}: {
  id: string;
  legend: string;
  options: readonly { value: T; label: string }[];
  chosen: readonly T[];
  error?: string;
  /** The fieldset's own class besides `rate-edit__choices` (what tests and styles find it by). */
  className: string;
  onChange: (chosen: T[]) => void;
}) {
  const toggle = (value: T, on: boolean) =>
    onChange(
      options.map((option) => option.value).filter((each) => (each === value ? on : chosen.includes(each))),
    );
  return (
    <fieldset
      className={`rate-edit__choices ${className}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="rate-edit__label">{legend}</legend>
      <div className="rate-edit__sources">
        {options.map((option) => (
          <label key={option.value} className="rate-edit__check">
            <input
              type="checkbox"
              className="checkbox-input"
              checked={chosen.includes(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <span className="field__error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </fieldset>
  );
}
