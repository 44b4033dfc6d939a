import type { AdminApplicationDetail } from '@shared/contract/applications';
import { compare } from '@shared/money';
import { Alert } from '@web/components/ui/alert';
import { useTranslation } from '@web/lib/i18n';
import { formatDealAmount, formatRate } from '@web/lib/quote-format';
import type { ReactNode } from 'react';
import type { Fact } from '../components/fact-list';
import { formatDateTime } from '../lib/format';

/*
 * The deal's money as it really moved (docs/product.md §4 "Wrong payments"): what was asked, what
 * arrived, went back and went out, and what stands otherwise than asked, so staff on shift see a
 * short, over or late payment on the deal itself.
 */

type Money = AdminApplicationDetail['money'];

/** Each exact amount of the deal's money with its currency: the client pays in `from`, receives in `to`. */
export function useDealAmounts(application: AdminApplicationDetail) {
  const { language } = useTranslation('admin');
  return {
    from: (amount: string) => formatDealAmount(amount, application.currencyFrom, language),
    to: (amount: string) => formatDealAmount(amount, application.currencyTo, language),
  };
}

/** "Short by 100 EUR", "25 EUR above the amount", a late payment and its new quote: each in its banner. */
export function MoneyBanner({ application }: { application: AdminApplicationDetail }) {
  const { t, language } = useTranslation('admin');
  const amounts = useDealAmounts(application);
  const { money } = application;
  const banners: Array<[key: string, text: string]> = [];
  const standing = {
    difference: money.difference === null ? '' : amounts.from(money.difference),
    received: amounts.from(money.received),
    asked: money.asked === null ? '' : amounts.from(money.asked),
  };
  if (money.gap === 'short' || money.gap === 'over')
    banners.push([money.gap, t(`applications.deal.money.${money.gap}`, standing)]);
  if (money.late) banners.push(['late', t('applications.deal.money.late')]);
  if (money.requote)
    banners.push([
      'requote',
      t('applications.deal.money.requote', {
        amountFrom: amounts.from(String(money.requote.amountFrom)),
        amountTo: amounts.to(String(money.requote.amountTo)),
        rate: formatRate(
          application.assetFrom ?? '',
          application.assetTo ?? '',
          money.requote.rate,
          language,
        ),
        until: formatDateTime(money.requote.until, language),
      }),
    ]);
  if (banners.length === 0) return null;
  return (
    <Alert tone="warning">
      <span className="deal-lines">
        {banners.map(([key, text]) => (
          <span key={key} className="deal-lines__line">
            {text}
          </span>
        ))}
      </span>
    </Alert>
  );
}

type Line = [label: string, value: ReactNode];

/** The money's lines (asked, received, refunded, paid out, left) and an ADMIN's closing with a difference. */
export function useMoneyFacts(
  application: AdminApplicationDetail,
  lines: (lines: Line[]) => ReactNode,
  by: (id: string) => string,
): Fact[] {
  const { t, language } = useTranslation('admin');
  const amounts = useDealAmounts(application);
  const money: Money = application.money;
  const label = (key: string) => t(`applications.deal.money.${key}`);
  const facts: Fact[] = [
    [
      label('fact'),
      lines([
        [label('asked'), money.asked === null ? null : amounts.from(money.asked)],
        [label('received'), amounts.from(money.received)],
        [label('refunded'), compare(money.refunded, 0) === 0 ? null : amounts.from(money.refunded)],
        [label('paidOut'), amounts.to(money.paidOut)],
        [label('payoutLeft'), money.payoutLeft === null ? null : amounts.to(money.payoutLeft)],
      ]),
    ],
  ];
  if (money.closing) {
    const closing = money.closing;
    facts.push([
      t('applications.deal.money.closing.fact'),
      lines([
        [t('applications.deal.at'), formatDateTime(closing.at, language)],
        [t('applications.deal.by'), by(closing.by)],
        [t('applications.deal.money.closing.difference'), amounts.to(closing.difference)],
        [
          t('applications.deal.money.closing.reason'),
          <span key="reason" className="pre-wrap">
            {closing.reason}
          </span>,
        ],
      ]),
    ]);
  }
  return facts;
}
