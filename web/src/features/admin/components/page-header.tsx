import type { ReactNode } from 'react';

export const PAGE_TITLE_ID = 'admin-page-title';

/** Each admin page's h1 (the section is labelled by it) and its tools on the right. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="admin-page__header">
      <h1 className="admin-page__title" id={PAGE_TITLE_ID}>
        {title}
      </h1>
      {children && <div className="admin-page__tools">{children}</div>}
    </header>
  );
}
