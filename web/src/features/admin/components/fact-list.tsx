import type { ReactNode } from 'react';

/** A term and its value, as a detail modal lists them. */
export type Fact = [term: string, value: ReactNode];

/** The grid of labelled values at the top of a detail modal. */
export function FactList({ facts }: { facts: Fact[] }) {
  return (
    <dl className="facts">
      {facts.map(([term, value]) => (
        <div key={term} className="facts__item">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
