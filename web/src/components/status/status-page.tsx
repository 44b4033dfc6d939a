import type { ReactNode } from 'react';

interface StatusPageProps {
  /** The HTTP status shown large (decorative: the title says it in words). */
  code: string;
  /** The heading's id, which labels the page. */
  titleId: string;
  title: string;
  text: string;
  /** The links onward. */
  children: ReactNode;
}

/** A page standing in for one the visitor cannot see (not found, access denied). */
export function StatusPage({ code, titleId, title, text, children }: StatusPageProps) {
  return (
    <section className="container status-page" aria-labelledby={titleId}>
      <p className="status-page__code" aria-hidden="true">
        {code}
      </p>
      <h1 id={titleId}>{title}</h1>
      <p className="muted">{text}</p>
      <div className="row status-page__actions">{children}</div>
    </section>
  );
}
