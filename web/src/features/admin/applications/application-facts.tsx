import type { AdminApplicationDetail } from '@shared/contract/applications';
import { usePlaceNames } from '@web/lib/geo-names';
import { useTranslation } from '@web/lib/i18n';
import { formatRate } from '@web/lib/quote-format';
import { type Fact, FactList } from '../components/fact-list';
import { formatAmount, formatDateTime, formatNumber } from '../lib/format';
import { acceptedExpiredQuote } from './expired-quote';

/** Every field of the application, as label and value. */
export function ApplicationFacts({ application: a }: { application: AdminApplicationDetail }) {
  const { t, language } = useTranslation('admin');
  const kinds = { cash: t('assets.cash'), card: t('assets.card') };
  const placeName = usePlaceNames(language);
  const facts: Fact[] = [
    [
      t('applications.detail.id'),
      <span key="id" className="mono">
        {a.id}
      </span>,
    ],
    [t('applications.detail.type'), t(`applications.type.${a.requestType}`)],
    [t('applications.detail.created'), formatDateTime(a.createdAt, language)],
    [t('applications.detail.updated'), formatDateTime(a.updatedAt, language)],
    [t('applications.columns.user'), a.user?.email ?? '—'],
    [t('applications.detail.userTelegram'), a.user?.telegramId ?? '—'],
    [t('applications.columns.telegram'), a.contactData.telegram],
    [t('applications.detail.source'), sourceText(a.source, t)],
  ];
  if (a.requestType === 'STANDARD') {
    facts.push(
      [
        t('applications.detail.location'),
        [placeName(a.city), placeName(a.country), placeName(a.continent)].filter(Boolean).join(', '),
      ],
      [t('applications.columns.gives'), formatAmount(a.amountFrom, a.assetFrom, language, kinds)],
      [t('applications.columns.receives'), formatAmount(a.amountTo, a.assetTo, language, kinds)],
      [
        t('applications.detail.amountUSD'),
        a.amountUSD === null ? '—' : `${formatNumber(a.amountUSD, language)} USD`,
      ],
      [
        t('applications.detail.rate'),
        a.rate
          ? `${formatRate(a.assetFrom ?? '', a.assetTo ?? '', a.rate.rate, language)} (${formatNumber(a.rate.markupPercent, language)} %)`
          : '—',
      ],
      [t('applications.detail.originFunds'), a.originFunds ?? '—'],
    );
    const done = a.completion;
    if (done) {
      // What the deal earned against the market when it completed (docs/product.md §4 "Completion").
      facts.push(
        [
          t('applications.detail.marketRate'),
          t('applications.detail.marketRateText', {
            rate: formatRate(a.assetFrom ?? '', a.assetTo ?? '', done.marketRate, language),
            source: t(`applications.detail.marketSource.${done.marketSource}`),
            when: formatDateTime(done.marketAsOf, language),
          }),
        ],
        [
          t('applications.detail.profit'),
          `${formatNumber(done.profitFiat, language)} ${done.fiatCurrency} · ${formatNumber(done.profitUsdt, language, 6)} USDT`,
        ],
      );
    }
    if (a.quoteLock) {
      const lock = a.quoteLock;
      facts.push(
        [
          t('applications.detail.quoteLock'),
          t(lock.open ? 'applications.detail.quoteLockOpen' : 'applications.detail.quoteLockClosed', {
            when: formatDateTime(lock.lockedUntil, language),
          }),
        ],
        [
          t('applications.detail.currentRate'),
          lock.currentRate === null
            ? t('applications.detail.currentRateNone')
            : formatRate(a.assetFrom ?? '', a.assetTo ?? '', lock.currentRate, language),
        ],
      );
    }
  } else {
    facts.push([
      t('applications.columns.details'),
      <span key="details" className="pre-wrap">
        {a.details ?? '—'}
      </span>,
    ]);
  }
  const accepted = acceptedExpiredQuote(a.audit);
  if (accepted) {
    // Completed after the lock ended, staff having accepted it (docs/product.md §4): both amounts stay on record.
    facts.push([
      t('applications.detail.expiredQuoteAccepted'),
      t('applications.detail.expiredQuoteAcceptedText', {
        locked: formatAmount(accepted.lockedAmountTo, accepted.assetTo, language, kinds),
        current:
          accepted.currentAmountTo === null
            ? t('applications.expiredQuote.currentNone')
            : formatAmount(accepted.currentAmountTo, accepted.assetTo, language, kinds),
      }),
    ]);
  }
  if (a.rejectionReason) facts.push([t('applications.detail.rejectionReason'), a.rejectionReason]);
  return <FactList facts={facts} />;
}

/** Where the client came from, as the detail says it: a monitor's link, a campaign, a referring site, a partner's link. */
function sourceText(
  source: AdminApplicationDetail['source'],
  t: (key: string, values?: Record<string, string>) => string,
) {
  if (!source) return t('applications.detail.sourceNone');
  const campaign = [source.utmSource, source.utmMedium, source.utmCampaign, source.utmTerm, source.utmContent]
    .filter(Boolean)
    .join(' / ');
  return [
    source.monitorFrom || source.monitorTo
      ? t('applications.detail.sourceMonitor', {
          from: source.monitorFrom ?? '—',
          to: source.monitorTo ?? '—',
        })
      : null,
    campaign ? t('applications.detail.sourceCampaign', { campaign }) : null,
    source.referrer ? t('applications.detail.sourceReferrer', { host: source.referrer }) : null,
    source.partner
      ? source.partnerSub
        ? t('applications.detail.sourcePartnerSub', { code: source.partner, subId: source.partnerSub })
        : t('applications.detail.sourcePartner', { code: source.partner })
      : null,
  ]
    .filter(Boolean)
    .join('; ');
}
