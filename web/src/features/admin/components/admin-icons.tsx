import { SvgIcon } from '@web/components/ui/svg-icon';

/* Icons of the admin row actions (decorative: each button carries its accessible name). */

export function EyeIcon() {
  return (
    <SvgIcon size={16}>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </SvgIcon>
  );
}

export function PencilIcon() {
  return (
    <SvgIcon size={16}>
      <path d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" />
    </SvgIcon>
  );
}

export function PowerIcon() {
  return (
    <SvgIcon size={16}>
      <path d="M12 3v8M6.3 7.3a8 8 0 1 0 11.4 0" />
    </SvgIcon>
  );
}

export function ResetIcon() {
  return (
    <SvgIcon size={16}>
      <path d="M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5" />
    </SvgIcon>
  );
}

export function ClockIcon() {
  return (
    <SvgIcon size={16}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </SvgIcon>
  );
}

export function TrashIcon() {
  return (
    <SvgIcon size={16}>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </SvgIcon>
  );
}
