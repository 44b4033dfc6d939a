import type { PaymentHold } from '@shared/contract/deal';
import { useTranslation } from '@web/lib/i18n';

/**
 * A held USDT payment as staff see it (docs/product.md "Held payments"): why it is held, the AML
 * score against the threshold and the provider's categories, who sent it, and its release.
 */
export function HoldFact({
  hold,
  by,
  when,
}: {
  hold: PaymentHold;
  by: (id: string) => string;
  when: (iso: string) => string;
}) {
  const { t } = useTranslation('admin');
  return (
    <span className="deal-lines">
      <span className="deal-lines__line">{t(`applications.deal.hold.reason.${hold.reason}`)}</span>
      {hold.riskScore !== null && (
        <span className="deal-lines__line">
          <span className="muted">{t('applications.deal.hold.score')}:</span>{' '}
          {t('applications.deal.hold.scoreOf', { score: hold.riskScore, threshold: hold.threshold ?? '' })}
        </span>
      )}
      {hold.signals.length > 0 && (
        <ul className="deal-lines__line" aria-label={t('applications.deal.hold.signals')}>
          {hold.signals.map((signal) => (
            <li key={signal.key}>
              {signal.label} · {t(`applications.deal.hold.category.${signal.category}`, signal.category)} ·{' '}
              {signal.share} %
            </li>
          ))}
        </ul>
      )}
      <span className="deal-lines__line">
        <span className="muted">{t('applications.deal.hold.sender')}:</span>{' '}
        <span className="mono">{hold.sender}</span>
      </span>
      <span className="deal-lines__line">
        <span className="muted">{t('applications.deal.at')}:</span> {when(hold.at)}
      </span>
      {hold.released && (
        <span className="deal-lines__line">
          {t('applications.deal.hold.releasedBy', { by: by(hold.released.by), at: when(hold.released.at) })}
          {hold.released.note ? ` · ${hold.released.note}` : ''}
        </span>
      )}
    </span>
  );
}
