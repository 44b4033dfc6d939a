import { ADMIN_APPLICATION_ID_DISPLAY_LENGTH } from '@shared/constants';
import type { ExpiredQuote } from '@shared/contract/applications';
import type { StaffSettableStatus } from '@shared/enums';
import { shortId } from '@shared/ids';
import { isKnownStatus, staffStatusMove } from '@shared/lifecycle';
import { useTranslation } from '@web/lib/i18n';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../components/confirm-dialog';
import { type Fact, FactList } from '../components/fact-list';
import { formatAmount } from '../lib/format';
import { ExpiredQuoteDialog } from './expired-quote-dialog';
import { RejectDialog } from './reject-dialog';

/**
 * Sends a status change; resolves when the server answered, with the figures of an expired quote
 * when the server asks staff to accept it before completing.
 */
export type StatusChange = (
  status: StaffSettableStatus,
  rejectionReason?: string,
  acceptExpiredQuote?: true,
) => Promise<ExpiredQuote | null | undefined>;

/** What the deal gives and pays out: completing moves the reserves by these amounts. */
export interface DealAmounts {
  amountFrom: number | null;
  assetFrom: string | null;
  amountTo: number | null;
  assetTo: string | null;
}

interface StatusMove {
  busy: boolean;
  /** Starts the move to `next`: asks first where the move needs it, else sends it. */
  choose: (next: StaffSettableStatus) => void;
  /** The dialogs the moves ask with; render them beside the control. */
  dialogs: ReactNode;
}

/**
 * A staff move by the status route, asking what the lifecycle (shared/lifecycle.ts) says it needs
 * before sending: REJECTED a reason, a move that needs `confirmation` (completing at the office,
 * PROCESSING → COMPLETED: both movements are recorded at once) an explicit confirmation; every
 * COMPLETED a confirmation showing what the client gives and receives, since completing moves the
 * reserves; and COMPLETED, when the server says the quote's lock has ended, the
 * locked and the fresh amount before it is sent again with `acceptExpiredQuote`.
 */
export function useStatusMove(
  applicationId: string,
  status: string,
  onChange: StatusChange,
  amounts: DealAmounts,
): StatusMove {
  const { t, language } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [confirming, setConfirming] = useState<StaffSettableStatus | null>(null);
  const [expiredQuote, setExpiredQuote] = useState<ExpiredQuote | null>(null);
  const label = shortId(applicationId, ADMIN_APPLICATION_ID_DISPLAY_LENGTH);
  const moveTo = (next: StaffSettableStatus) =>
    isKnownStatus(status) ? staffStatusMove(status, next) : undefined;

  const send = async (next: StaffSettableStatus, reason?: string, accept?: true) => {
    setBusy(true);
    try {
      setExpiredQuote((await onChange(next, reason, ...(accept ? [accept] : []))) ?? null);
    } finally {
      setBusy(false);
    }
  };

  const choose = (next: StaffSettableStatus) => {
    if (next === status) return;
    if (next === 'REJECTED') setRejecting(true);
    else if (next === 'COMPLETED' || moveTo(next)?.needs.includes('confirmation')) setConfirming(next);
    else void send(next);
  };

  const office = confirming !== null && moveTo(confirming)?.name === 'completeAtOffice';
  const kinds = { cash: t('assets.cash'), card: t('assets.card') };
  const amountFacts: Fact[] = [
    [t('applications.complete.gives'), formatAmount(amounts.amountFrom, amounts.assetFrom, language, kinds)],
    [t('applications.complete.receives'), formatAmount(amounts.amountTo, amounts.assetTo, language, kinds)],
  ];

  const dialogs = (
    <>
      {confirming && (
        <ConfirmDialog
          open
          title={t(`applications.${office ? 'office' : 'complete'}.title`, { id: label })}
          confirmLabel={t(`applications.${office ? 'office' : 'complete'}.confirm`)}
          tone="primary"
          busy={busy}
          onClose={() => setConfirming(null)}
          onConfirm={async () => {
            await send(confirming);
            setConfirming(null);
          }}
        >
          <p>{t(`applications.${office ? 'office' : 'complete'}.text`)}</p>
          {confirming === 'COMPLETED' && <FactList facts={amountFacts} />}
        </ConfirmDialog>
      )}
      {expiredQuote && (
        <ExpiredQuoteDialog
          applicationLabel={label}
          quote={expiredQuote}
          busy={busy}
          onClose={() => setExpiredQuote(null)}
          onConfirm={() => void send('COMPLETED', undefined, true)}
        />
      )}
      {rejecting && (
        <RejectDialog
          open
          applicationLabel={label}
          busy={busy}
          onClose={() => setRejecting(false)}
          onConfirm={async (reason) => {
            // Refused or not, the control now shows the server's status and the toast says why.
            await send('REJECTED', reason);
            setRejecting(false);
          }}
        />
      )}
    </>
  );
  return { busy, choose, dialogs };
}
