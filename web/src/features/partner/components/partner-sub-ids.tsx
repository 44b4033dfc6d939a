import type { PartnerOverview } from '@shared/contract/partners';
import { useTranslation } from '@web/lib/i18n';
import { formatCount, formatUsdtFigure } from '../lib/partner-format';

/**
 * The same 30 days per sub-id the partner put in their links (`&sub=…`), the busiest first as the
 * server sends them: clicks, deals and earnings through links with that sub-id (a sign-up is counted
 * on the day only). Shown once a link with a sub-id has been followed; before, a line says how.
 */
export function PartnerSubIds({ subIds }: { subIds: PartnerOverview['subIds'] }) {
  const { t, language } = useTranslation('profile');
  return (
    <section className="card" aria-labelledby="partner-sub-ids-title">
      <h2 id="partner-sub-ids-title">{t('partner.subIds.title')}</h2>
      <p className="muted">{t('partner.subIds.lead', { example: '&sub=telegram' })}</p>
      {subIds.length > 0 && (
        <div className="partner-days">
          <table className="partner-days__table">
            <caption className="visually-hidden">{t('partner.subIds.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('partner.subIds.subId')}</th>
                <th scope="col">{t('partner.days.clicks')}</th>
                <th scope="col">{t('partner.days.deals')}</th>
                <th scope="col">{t('partner.days.earned')}</th>
              </tr>
            </thead>
            <tbody>
              {subIds.map((row) => (
                <tr key={row.subId}>
                  <th scope="row">{row.subId}</th>
                  <td>{formatCount(row.clicks, language)}</td>
                  <td>{formatCount(row.deals, language)}</td>
                  <td>{formatUsdtFigure(row.earned, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
