import type { ReactNode } from 'react';

/** A titled part of a detail modal; `id` names its heading, which labels the section. */
export function ModalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="modal-section" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}
