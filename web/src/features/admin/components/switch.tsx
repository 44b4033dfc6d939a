import './switch.css';

interface SwitchProps {
  checked: boolean;
  /** Another change is being saved: clicks are ignored, but focus stays where it is. */
  busy?: boolean;
  /** Its name when no visible `<label htmlFor={id}>` names it. */
  label?: string;
  id?: string;
  onChange: (checked: boolean) => void;
}

/** An on/off switch (a button with the switch role: Space and Enter toggle it). */
export function Switch({ checked, busy, label, id, onChange }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      id={id}
      aria-checked={checked}
      aria-label={label}
      className="switch"
      aria-disabled={busy || undefined}
      onClick={() => {
        if (!busy) onChange(!checked);
      }}
    >
      <span className="switch__thumb" aria-hidden="true" />
    </button>
  );
}
