import type { ChainReviewTransfer, ChainWalletStatus } from '@shared/contract/chain';
import { compare, subtract, unitsText } from '@shared/money';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { useTranslation } from '@web/lib/i18n';
import { useLiveNotices, usePollWhileNotLive } from '@web/lib/live/use-live-notices';
import { refusalText } from '@web/lib/refusal-text';
import { useResource } from '@web/lib/use-resource';
import { type FormEvent, useState } from 'react';
import { adminApi } from '../api/admin-api';
import { Loaded } from '../components/load-state';
import { statusLabel } from '../components/status-badge';
import { formatDateTime } from '../lib/format';
import { notify } from '../lib/notify';
import { ADMIN_POLL_MS, REVIEW_NOTICES } from '../live/admin-live';

/** The transfer's amount less the application's payable amount, signed ("-0.503700"), when they differ. */
function amountDifference(amount: string, payable: string | null): string | null {
  if (payable === null || compare(amount, payable) === 0) return null;
  const { units, scale } = subtract(amount, payable);
  return `${units > 0n ? '+' : ''}${unitsText(units, scale)}`;
}

/**
 * The USDT transfers the chain watcher left for staff (GET /admin/chain/review): each with its
 * reason, exact amount, sender, wallet, transaction and the application it was nearest to.
 */
export function ChainReview() {
  const { t } = useTranslation('admin');
  const review = useResource((signal) => adminApi.chainReview(signal), []);
  // Live: a transfer joining the list reads it again; polled only while reconnecting.
  const liveState = useLiveNotices({ types: REVIEW_NOTICES }, review.reload);
  usePollWhileNotLive(liveState, review.reload, ADMIN_POLL_MS, { pollWhenOff: false });
  return (
    <section className="template-group chain-review" aria-labelledby="chain-review-title">
      <h2 className="template-group__title" id="chain-review-title">
        {t('payments.review.title')}{' '}
        {review.data && <span className="muted">({review.data.transfers.length})</span>}
      </h2>
      <p className="muted template-group__hint">{t('payments.review.intro')}</p>
      <Loaded resource={review} errorTitle={t('payments.review.loadError')}>
        {({ transfers, wallets }) => (
          <>
            {wallets.length > 0 && (
              <ul className="chain-review__wallets" aria-label={t('payments.review.wallets')}>
                {wallets.map((wallet) => (
                  <WalletLine key={wallet.address} wallet={wallet} />
                ))}
              </ul>
            )}
            {transfers.length === 0 ? (
              <p className="muted template-group__empty">{t('payments.review.none')}</p>
            ) : (
              <ul className="template-list">
                {transfers.map((transfer) => (
                  <ReviewItem
                    key={transfer.txId}
                    transfer={transfer}
                    onResolved={() =>
                      review.setData(
                        (data) =>
                          data && {
                            ...data,
                            transfers: data.transfers.filter((one) => one.txId !== transfer.txId),
                          },
                      )
                    }
                  />
                ))}
              </ul>
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}

/** A wallet's last successful read, how long ago, and its failed reads. */
function WalletLine({ wallet }: { wallet: ChainWalletStatus }) {
  const { t, language } = useTranslation('admin');
  const read =
    wallet.lastReadAt === null
      ? t('payments.review.neverRead')
      : t('payments.review.lastRead', {
          at: formatDateTime(wallet.lastReadAt, language),
          seconds: wallet.lagSeconds ?? 0,
        });
  return (
    <li>
      <code>{wallet.address}</code> <span className="muted">{read}</span>
      {wallet.errors > 0 && (
        <span className={wallet.lastError ? 'chain-review__error' : 'muted'}>
          {' '}
          {t('payments.review.errors', { count: wallet.errors })}
          {wallet.lastError ? `: ${wallet.lastError}` : ''}
        </span>
      )}
    </li>
  );
}

function ReviewItem({ transfer, onResolved }: { transfer: ChainReviewTransfer; onResolved: () => void }) {
  const { t, language } = useTranslation('admin');
  const [applicationId, setApplicationId] = useState(transfer.application?.id ?? '');
  const [refundHash, setRefundHash] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const act = (action: () => Promise<unknown>, done: string) => async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await action();
      notify.success(done);
      onResolved();
    } catch (failure) {
      setError(refusalText(failure, t('payments.review.actionFailed')));
    } finally {
      setBusy(false);
    }
  };
  const { application } = transfer;
  // Against the application it was nearest to, while that is the one to attach it to.
  const difference =
    application && application.id === applicationId.trim()
      ? amountDifference(transfer.amount, application.payableAmount)
      : null;
  const rows: Array<[string, string]> = [
    [t('payments.review.amount'), `${transfer.amount} USDT`],
    [t('payments.review.from'), transfer.from],
    [t('payments.review.to'), transfer.to],
    [t('payments.review.tx'), transfer.txId],
    [t('payments.review.seen'), formatDateTime(transfer.seenAt, language)],
    [
      t('payments.review.application'),
      application
        ? `${application.id} · ${statusLabel(t, application.status)}${
            application.payableAmount
              ? ` · ${t('payments.review.payable', { amount: application.payableAmount })}`
              : ''
          }`
        : t('payments.review.noApplication'),
    ],
  ];
  return (
    <li className="card template-item" aria-label={transfer.txId}>
      <div className="template-item__head">
        <strong>{t(`payments.review.reasons.${transfer.reason}`)}</strong>
      </div>
      <dl className="chain-review__facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="muted">{label}</dt>
            <dd>
              <code>{value}</code>
            </dd>
          </div>
        ))}
      </dl>
      {error && <Alert tone="danger">{error}</Alert>}
      {application && difference !== null && (
        <p className="chain-review__difference">
          {t('payments.review.amountDiffers', {
            amount: transfer.amount,
            id: application.id,
            payable: application.payableAmount,
            difference,
          })}
        </p>
      )}
      <form
        className="chain-review__action"
        onSubmit={act(
          () => adminApi.attachChainTransfer(transfer.txId, { applicationId: applicationId.trim() }),
          t('payments.review.attached'),
        )}
      >
        <TextField
          label={t('payments.review.applicationId')}
          value={applicationId}
          onChange={(event) => setApplicationId(event.target.value)}
          required
        />
        <Button type="submit" variant="secondary" size="sm" disabled={busy}>
          {t('payments.review.attach')}
        </Button>
      </form>
      <form
        className="chain-review__action"
        onSubmit={act(
          () => adminApi.refundChainTransfer(transfer.txId, refundHash.trim()),
          t('payments.review.refunded'),
        )}
      >
        <TextField
          label={t('payments.review.refundHash')}
          value={refundHash}
          onChange={(event) => setRefundHash(event.target.value)}
          required
        />
        <Button type="submit" variant="secondary" size="sm" disabled={busy}>
          {t('payments.review.refund')}
        </Button>
      </form>
    </li>
  );
}
