interface GeoSwitchProps {
  checked: boolean;
  /** Another change is being saved: clicks are ignored, but focus stays where it is. */
  busy?: boolean;
  label: string;
  onChange: (checked: boolean) => void;
}

/** An on/off switch (a button with the switch role: Space and Enter toggle it). */
export function GeoSwitch({ checked, busy, label, onChange }: GeoSwitchProps) {
  return (
    <button
      type="button"
      role="switch"
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
