import type { ReactNode } from 'react';
import '../auth.css';

/** The centred card every auth screen sits in. */
export function AuthCard({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="container auth-page">
      <section className="card auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title" className="auth-card__title">
          {title}
        </h1>
        {lead && <p className="auth-card__lead">{lead}</p>}
        {children}
      </section>
    </div>
  );
}
