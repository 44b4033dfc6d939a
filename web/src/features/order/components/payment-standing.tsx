import type { ApplicationDetail } from '@shared/contract/applications';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { useTranslation } from '@web/lib/i18n';
import { formatDealAmount, formatRate, useSideText } from '@web/lib/quote-format';
import { refusalText } from '@web/lib/refusal-text';
import { toast } from '@web/stores/toast-store';
import { useState } from 'react';
import { formatDeadline } from '../lib/format';

/**
 * What arrived against what was asked (docs/product.md §4 "Wrong payments"), as the client sees
 * it: short, with what to send and by when in their own time zone; more than asked; late, with
 * staff's new quote at the current rate to accept while it holds.
 */
export function PaymentStanding({
  detail,
  onAccept,
}: {
  detail: ApplicationDetail;
  /** Accept staff's new quote: resolves once the page shows the deal as it now is. */
  onAccept: () => Promise<void>;
}) {
  const { t, language } = useTranslation(['profile', 'errors']);
  const side = useSideText();
  const [accepting, setAccepting] = useState(false);
  const { money, instructions } = detail;
  const amount = (value: string) => formatDealAmount(value, detail.currencyFrom, language);
  const standing = {
    received: amount(money.received),
    asked: money.asked === null ? '' : amount(money.asked),
    difference: money.difference === null ? '' : amount(money.difference),
  };

  const accept = async () => {
    setAccepting(true);
    try {
      await onAccept();
      toast.success(t('order.money.requote.accepted'));
    } catch (error) {
      toast.error(refusalText(error, t('errors:application.requoteFailed')));
    } finally {
      setAccepting(false);
    }
  };

  if (money.requote && detail.allowedActions.includes('acceptRequote')) {
    const quote = money.requote;
    return (
      <section className="order-requote" aria-labelledby="order-requote-title">
        <h3 id="order-requote-title">{t('order.money.requote.title')}</h3>
        <p>{t('order.money.requote.text', { received: standing.received })}</p>
        <dl className="order-summary">
          <div>
            <dt>{t('applications.columns.gives')}</dt>
            <dd>{side(quote.amountFrom, detail.assetFrom)}</dd>
          </div>
          <div>
            <dt>{t('applications.columns.receives')}</dt>
            <dd>{side(quote.amountTo, detail.assetTo)}</dd>
          </div>
          <div>
            <dt>{t('order.summary.rate')}</dt>
            <dd>{formatRate(detail.assetFrom ?? '', detail.assetTo ?? '', quote.rate, language)}</dd>
          </div>
          <div>
            <dt>{t('order.money.requote.until')}</dt>
            <dd>
              <time dateTime={quote.until}>{formatDeadline(quote.until, language)}</time>
            </dd>
          </div>
        </dl>
        <div>
          <Button loading={accepting} onClick={() => void accept()}>
            {t('order.money.requote.accept')}
          </Button>
        </div>
      </section>
    );
  }
  if (money.late && detail.status === 'PAID') return <Alert tone="warning">{t('order.money.late')}</Alert>;
  if (money.gap === 'short') {
    // The rest is still due while the deadline holds: the first window, or the one staff gave to top it up.
    const windowOpen = instructions !== null && Date.parse(instructions.deadline) > Date.now();
    return (
      <Alert tone="warning">
        {windowOpen
          ? t('order.money.shortBy', {
              ...standing,
              deadline: formatDeadline(instructions.deadline, language),
            })
          : t('order.money.short', standing)}
      </Alert>
    );
  }
  if (money.gap === 'over') return <Alert tone="info">{t('order.money.over', standing)}</Alert>;
  return null;
}
