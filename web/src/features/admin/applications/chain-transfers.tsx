import type { AdminApplicationDetail } from '@shared/contract/applications';
import type { DealChainTransfer } from '@shared/contract/chain';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { useTranslation } from '@web/lib/i18n';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { adminApi } from '../api/admin-api';
import { adminHref } from '../lib/admin-paths';
import { formatDateTime, formatUsdt } from '../lib/format';
import { notify } from '../lib/notify';

/**
 * The deal's USDT as the chain watcher saw it (docs/product.md §4 "USDT on chain"): what arrived
 * and what became of it, so staff on shift see a short, over or late payment on the deal itself
 * rather than a deal still awaiting its payment.
 */

type Transfers = AdminApplicationDetail['chainTransfers'];

/** "999 of 1,000 USDT arrived: on review": each of the deal's transfers waiting for staff, with the way to them. */
export function WaitingTransfers({ transfers, due }: { transfers: Transfers; due: string | null }) {
  const { t, language } = useTranslation('admin');
  const waiting = transfers.filter((transfer) => transfer.state === 'review');
  if (waiting.length === 0) return null;
  const usdt = (amount: string) => formatUsdt(amount, language);
  const line = (transfer: DealChainTransfer) => {
    const reason = transfer.reason ?? 'unknown';
    const amounts = { amount: usdt(transfer.amount), due: due === null ? '' : usdt(due) };
    if (due !== null && (reason === 'underpaid' || reason === 'overpaid'))
      return t(`applications.deal.onChain.waiting.${reason}`, amounts);
    return t('applications.deal.onChain.waiting.other', {
      ...amounts,
      reason: t(`payments.review.reasons.${reason}`),
    });
  };
  return (
    <Alert tone="warning">
      <span className="deal-lines">
        {waiting.map((transfer) => (
          <span key={transfer.txId} className="deal-lines__line">
            {line(transfer)}
          </span>
        ))}
        <Link to={adminHref('payments')}>{t('applications.deal.onChain.openReview')}</Link>
      </span>
    </Alert>
  );
}

/** What became of a transfer, and who took it as the deal's payment: the watcher, or staff who attached it. */
function stateText(transfer: DealChainTransfer, t: (key: string, params?: Record<string, string>) => string) {
  if (transfer.state === 'review')
    return t('applications.deal.onChain.state.review', {
      reason: t(`payments.review.reasons.${transfer.reason ?? 'unknown'}`),
    });
  if (transfer.attachedBy && (transfer.state === 'matched' || transfer.state === 'confirmed'))
    return t(`applications.deal.onChain.state.${transfer.state}Attached`);
  return t(`applications.deal.onChain.state.${transfer.state}`);
}

/**
 * A transfer waiting for staff taken as this deal's money, whatever it brought (a MANAGER too): the
 * deal records it as it arrived and shows the difference; the detail is read again either way.
 */
function AttachButton({
  txId,
  applicationId,
  onAttached,
}: {
  txId: string;
  applicationId: string;
  onAttached: () => void;
}) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const attach = async () => {
    setBusy(true);
    try {
      await adminApi.attachChainTransfer(txId, { applicationId });
      notify.success(t('applications.deal.onChain.attached'));
    } catch (error) {
      notify.failure(error, t('common.updateFailed'));
    } finally {
      setBusy(false);
      onAttached();
    }
  };
  return (
    <Button size="sm" variant="secondary" loading={busy} onClick={() => void attach()}>
      {t('applications.deal.onChain.attach')}
    </Button>
  );
}

/**
 * Each transfer: its amount, when its block was made, its hash and what became of it; one waiting
 * for staff can be attached to this deal (`attach`, unless the staff member may not act on it).
 */
export function ChainTransferLines({
  transfers,
  attach,
}: {
  transfers: Transfers;
  attach: { applicationId: string; onAttached: () => void } | null;
}) {
  const { t, language } = useTranslation('admin');
  return (
    <span className="deal-lines">
      {transfers.map((transfer) => (
        <span key={transfer.txId} className="deal-lines__line">
          <strong>{formatUsdt(transfer.amount, language)} USDT</strong>{' '}
          <span className="muted">{formatDateTime(transfer.blockTime, language)}</span>{' '}
          <span>{stateText(transfer, t)}</span>
          <br />
          <span className="muted">{t('applications.deal.txHash')}:</span>{' '}
          <span className="mono">{transfer.txId}</span>
          {attach && transfer.state === 'review' && (
            <>
              <br />
              <AttachButton txId={transfer.txId} {...attach} />
            </>
          )}
        </span>
      ))}
    </span>
  );
}
