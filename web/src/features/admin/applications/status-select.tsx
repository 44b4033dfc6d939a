import { ADMIN_APPLICATION_ID_DISPLAY_LENGTH } from '@shared/constants';
import { type StaffSettableStatus, statusTone } from '@shared/enums';
import { shortId } from '@shared/ids';
import { staffMovesFrom } from '@shared/lifecycle';
import { useTranslation } from '@web/lib/i18n';
import { StatusBadge, statusLabel } from '../components/status-badge';
import { type DealAmounts, type StatusChange, useStatusMove } from './use-status-move';

interface StatusSelectProps {
  applicationId: string;
  status: string;
  /** The staff member's own application: no control, a colleague processes it (the server refuses too). */
  own: boolean;
  /**
   * Resolves when the server answered (the select is disabled meanwhile); with the figures of an
   * expired quote when the server asks staff to accept it before completing.
   */
  onChange: StatusChange;
  /** The deal's amounts, shown before completing (completing moves the reserves by them). */
  amounts: DealAmounts;
}

/**
 * The status dropdown of each row (docs/product.md §2, §4). It offers only the moves the lifecycle allows
 * from the current status (shared/lifecycle.ts, the table the server checks), in the table's order; a
 * status with no move, or the staff member's own application, shows as a badge. It always shows the
 * server's status: a change is sent and the row is updated from the answer; what a move needs is asked
 * first (useStatusMove: a rejection's reason, a confirmation of completing with the deal's amounts, an
 * expired quote's amounts).
 */
export function StatusSelect({ applicationId, status, own, onChange, amounts }: StatusSelectProps) {
  const { t } = useTranslation('admin');
  const { busy, choose, dialogs } = useStatusMove(applicationId, status, onChange, amounts);
  const label = shortId(applicationId, ADMIN_APPLICATION_ID_DISPLAY_LENGTH);
  const moves = staffMovesFrom(status);

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
        onChange={(event) => choose(event.target.value as StaffSettableStatus)}
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
      {dialogs}
    </>
  );
}
