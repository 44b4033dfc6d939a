interface SpinnerProps {
  /** Announced to screen readers; omit with `decorative` when the context already says it. */
  label?: string;
  decorative?: boolean;
  size?: 'md' | 'lg';
}

export function Spinner({ label, decorative = false, size = 'md' }: SpinnerProps) {
  const className = `spinner${size === 'lg' ? ' spinner--lg' : ''}`;
  if (decorative || !label) return <span className={className} aria-hidden="true" />;
  return (
    <span role="status" className="row">
      <span className={className} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

export { PageSpinner } from './page-spinner';
