/** The full-area loading state of a screen (its own module: the landing page's first chunk needs only this). */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div className="page-spinner" role="status">
      <span className="spinner spinner--lg" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
