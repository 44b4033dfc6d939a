import { ADMIN_APPLICATION_ID_DISPLAY_LENGTH } from '@shared/constants';
import type { ExpiredQuote } from '@shared/contract/applications';
import { type StaffSettableStatus, statusTone } from '@shared/enums';
import { shortId } from '@shared/ids';
import { staffMovesFrom } from '@shared/lifecycle';
import { useTranslation } from '@web/lib/i18n';
import { useState } from 'react';
import { StatusBadge, statusLabel } from '../components/status-badge';
import { ExpiredQuoteDialog } from './expired-quote-dialog';
import { RejectDialog } from './reject-dialog';

interface StatusSelectProps {
  applicationId: string;
  status: string;
  /** The staff member's own application: no control, a colleague processes it (the server refuses too). */
  own: boolean;
  /**
   * Resolves when the server answered (the select is disabled meanwhile); with the figures of an
   * expired quote when the server asks staff to accept it before completing.
   */
  onChange: (
    status: StaffSettableStatus,
    rejectionReason?: string,
    acceptExpiredQuote?: true,
  ) => Promise<ExpiredQuote | null | undefined>;
}

/**
 * The status dropdown of each row (docs/product.md §2, §4). It offers only the moves the lifecycle allows
 * from the current status (shared/lifecycle.ts, the table the server checks); a status with no move, or
 * the staff member's own application, shows as a badge. It always shows the server's status: a change is
 * sent and the row is updated from the answer; REJECTED first asks for the reason, and COMPLETED, when the
 * server says the quote's lock has ended, shows the locked and the fresh amount and completes only
 * once staff confirm (then sending `acceptExpiredQuote`).
 */
export function StatusSelect({ applicationId, status, own, onChange }: StatusSelectProps) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [expiredQuote, setExpiredQuote] = useState<ExpiredQuote | null>(null);
  const label = shortId(applicationId, ADMIN_APPLICATION_ID_DISPLAY_LENGTH);
  const moves = staffMovesFrom(status);

  const send = async (next: StaffSettableStatus, reason?: string) => {
    setBusy(true);
    try {
      setExpiredQuote((await onChange(next, reason)) ?? null);
    } finally {
      setBusy(false);
    }
  };

  const completeAtExpiredQuote = async () => {
    setBusy(true);
    try {
      setExpiredQuote((await onChange('COMPLETED', undefined, true)) ?? null);
    } finally {
      setBusy(false);
    }
  };

  if (own || moves.length === 0) {
    return (
      <span className="status-fixed" data-status={status}>
        <StatusBadge status={status} />
        {own && <span className="muted status-fixed__note">{t('applications.own.short')}</span>}
      </span>
    );
  }

  return (
    <>
      <select
        className={`select select--sm status-select status-select--${statusTone(status)}`}
        value={status}
        disabled={busy}
        aria-label={t('applications.statusOf', { id: label })}
        aria-busy={busy || undefined}
        onChange={(event) => {
          const next = event.target.value as StaffSettableStatus;
          if (next === status) return;
          if (next === 'REJECTED') setRejecting(true);
          else void send(next);
        }}
      >
        <option value={status} disabled>
          {statusLabel(t, status)}
        </option>
        {moves.map((option) => (
          <option key={option} value={option}>
            {statusLabel(t, option)}
          </option>
        ))}
      </select>
      {expiredQuote && (
        <ExpiredQuoteDialog
          applicationLabel={label}
          quote={expiredQuote}
          busy={busy}
          onClose={() => setExpiredQuote(null)}
          onConfirm={() => void completeAtExpiredQuote()}
        />
      )}
      {rejecting && (
        <RejectDialog
          open
          applicationLabel={label}
          busy={busy}
          onClose={() => setRejecting(false)}
          onConfirm={async (reason) => {
            // Refused or not, the row now shows the server's status and the toast says why.
            await send('REJECTED', reason);
            setRejecting(false);
          }}
        />
      )}
    </>
  );
}
