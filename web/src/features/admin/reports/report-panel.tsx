import type { ReactNode } from 'react';

/** One panel of the reports page: a card titled by its heading (its region's name), an action beside it. */
export function ReportPanel({
  id,
  title,
  action,
  className = '',
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={id} className="panel-title">
      {title}
    </h2>
  );
  return (
    <section className={`card report-panel ${className}`.trim()} aria-labelledby={id}>
      {action ? (
        <div className="report-panel__head">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
