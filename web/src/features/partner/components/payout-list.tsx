import { zoneName } from '@shared/business-time';
import type { PartnerPayoutView } from '@shared/contract/partners';
import { tronExplorerUrl } from '@shared/payout-details';
import { Badge, type BadgeTone } from '@web/components/ui/badge';
import { useTranslation } from '@web/lib/i18n';
import { formatMoment, formatUsdt } from '../lib/partner-format';

const STATUS_TONES: Record<PartnerPayoutView['status'], BadgeTone> = {
  requested: 'warning',
  paid: 'success',
  rejected: 'danger',
};

/** A hash short enough for a phone's row: its first and last characters. */
const shortHash = (hash: string) => `${hash.slice(0, 8)}…${hash.slice(-8)}`;

/**
 * The partner's payouts, newest first (the server's order): when asked for, how much, where to, and
 * how it ended — paid (its transaction on Tronscan), refused (the reason staff gave) or waiting.
 */
export function PayoutList({ payouts, timeZone }: { payouts: PartnerPayoutView[]; timeZone: string }) {
  const { t, language } = useTranslation('profile');
  const columns = ['requestedAt', 'amount', 'address', 'status', 'outcome'] as const;
  const label = (column: (typeof columns)[number]) => t(`partner.payouts.${column}`);
  return (
    <section className="card" aria-labelledby="partner-payouts-title">
      <h2 id="partner-payouts-title">{t('partner.payouts.title')}</h2>
      {payouts.length === 0 ? (
        <p className="muted">{t('partner.payouts.empty')}</p>
      ) : (
        <>
          <p className="muted">
            {t('partner.payouts.zone', { zone: zoneName(new Date(), timeZone, language) })}
          </p>
          <table className="data-table partner-payouts">
            <caption className="visually-hidden">{t('partner.payouts.caption')}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {label(column)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {payouts.map((payout) => (
                <tr key={payout.id}>
                  <td data-label={label('requestedAt')}>
                    <time dateTime={payout.createdAt}>
                      {formatMoment(payout.createdAt, timeZone, language)}
                    </time>
                  </td>
                  <td data-label={label('amount')}>{formatUsdt(payout.amount, language)}</td>
                  <td data-label={label('address')}>
                    <code className="partner-address">{payout.address}</code>
                  </td>
                  <td data-label={label('status')}>
                    <Badge tone={STATUS_TONES[payout.status]}>
                      {t(`partner.payouts.statuses.${payout.status}`)}
                    </Badge>
                  </td>
                  <td data-label={label('outcome')}>
                    <Outcome payout={payout} timeZone={timeZone} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

function Outcome({ payout, timeZone }: { payout: PartnerPayoutView; timeZone: string }) {
  const { t, language } = useTranslation('profile');
  const when = payout.decidedAt && (
    <time className="muted" dateTime={payout.decidedAt}>
      {formatMoment(payout.decidedAt, timeZone, language)}
    </time>
  );
  if (payout.status === 'paid' && payout.txHash) {
    return (
      <span className="partner-outcome">
        {when}
        <a href={tronExplorerUrl(payout.txHash)} target="_blank" rel="noopener noreferrer">
          <code>{shortHash(payout.txHash)}</code>
          <span className="visually-hidden"> {t('partner.payouts.onExplorer')}</span>
        </a>
      </span>
    );
  }
  if (payout.status === 'rejected') {
    return (
      <span className="partner-outcome">
        {when}
        {payout.reason && <span>{t('partner.payouts.reason', { reason: payout.reason })}</span>}
      </span>
    );
  }
  return null;
}
