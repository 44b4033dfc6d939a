import { Spinner } from '@web/components/ui/spinner';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './icon-button.css';

interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> {
  /** The accessible name, also shown as the tooltip. */
  label: string;
  icon: ReactNode;
  tone?: 'default' | 'danger' | 'success';
  loading?: boolean;
}

/** A compact square button for table rows: the icon alone, its name in aria-label and title. */
export function IconButton({ label, icon, tone = 'default', loading, disabled, ...rest }: IconButtonProps) {
  return (
    <button
      type="button"
      className={`row-icon-btn row-icon-btn--${tone}`}
      aria-label={label}
      title={label}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner decorative /> : icon}
    </button>
  );
}
