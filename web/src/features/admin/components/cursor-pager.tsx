import { Button } from '@web/components/ui/button';
import { ChevronLeftIcon, ChevronRightIcon } from '@web/components/ui/icons';
import { useTranslation } from '@web/lib/i18n';
import { useState } from 'react';

/** The period a list's first page answered (its default when none was asked for). */
export interface ListPeriod {
  from: string;
  to: string;
}

interface Trail {
  key: string;
  cursors: string[];
  period: ListPeriod | null;
}

export interface CursorTrail {
  /** The position of the page to read: nothing on the first page, else its cursor and period. */
  position: { cursor?: string; from?: string; to?: string };
  /** The cursor of the page shown (undefined on the first): a dependency of its read. */
  cursor: string | undefined;
  page: number;
  newer: (() => void) | null;
  older: (nextCursor: string, period?: ListPeriod) => void;
}

/**
 * Paging by cursor of a list read newest first, within a period (the transactions, the security
 * log) or without one (the blacklists): the cursors of the pages after the first, for one set of
 * filters only (`filterKey`; new filters start at page 1), and the period the first page answered.
 * The next pages ask for it by name, so a default period that moves on at midnight (UTC) does not
 * make their cursors another period's.
 */
export function useCursorTrail(filterKey: string): CursorTrail {
  const [trail, setTrail] = useState<Trail>({ key: filterKey, cursors: [], period: null });
  const cursors = trail.key === filterKey ? trail.cursors : [];
  const cursor = cursors.at(-1);
  return {
    position: cursor ? { ...(trail.period ?? {}), cursor } : {},
    cursor,
    page: cursors.length + 1,
    newer:
      cursors.length === 0
        ? null
        : () => setTrail({ ...trail, key: filterKey, cursors: cursors.slice(0, -1) }),
    older: (nextCursor, period) =>
      setTrail({
        key: filterKey,
        cursors: [...cursors, nextCursor],
        period: cursors.length === 0 ? (period ?? null) : trail.period,
      }),
  };
}

/** Newer / Older under a cursor-paged list, with the page's number. */
export function CursorPager({
  trail,
  nextCursor,
  period,
}: {
  trail: CursorTrail;
  nextCursor: string | null;
  /** The period the first page answered; none for a list without one. */
  period?: ListPeriod;
}) {
  const { t } = useTranslation('admin');
  return (
    <nav className="cursor-pager" aria-label={t('pager.label')}>
      <span className="muted">{t('transactions.page', { page: trail.page })}</span>
      <Button variant="secondary" size="sm" disabled={!trail.newer} onClick={() => trail.newer?.()}>
        <ChevronLeftIcon size={16} />
        {t('transactions.newer')}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        disabled={!nextCursor}
        onClick={() => nextCursor && trail.older(nextCursor, period)}
      >
        {t('transactions.older')}
        <ChevronRightIcon size={16} />
      </Button>
    </nav>
  );
}
