import type { ReactNode } from 'react';

export type AlertTone = 'info' | 'success' | 'danger' | 'warning';

/** An inline message; errors are announced assertively, the rest politely. */
export function Alert({ tone = 'info', children }: { tone?: AlertTone; children: ReactNode }) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'danger' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
