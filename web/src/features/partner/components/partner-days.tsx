import { zoneName } from '@shared/business-time';
import type { PartnerOverview } from '@shared/contract/partners';
import { useTranslation } from '@web/lib/i18n';
import { formatCount, formatDay, formatUsdtFigure, sumAmounts } from '../lib/partner-format';

type Day = PartnerOverview['days'][number];

const COUNTS = ['clicks', 'registrations', 'deals'] as const;

/**
 * The last 30 business days, oldest first and today last (as the server sends them), with their
 * totals: clicks on the link, clients who registered through it, their deals completed, and what
 * the partner earned. Five narrow columns, so it reads on a phone without turning into cards.
 */
export function PartnerDays({ days, timeZone }: { days: Day[]; timeZone: string }) {
  const { t, language } = useTranslation('profile');
  const today = days.at(-1)?.day;
  const total = (figure: (typeof COUNTS)[number]) => days.reduce((sum, day) => sum + day[figure], 0);
  return (
    <section className="card" aria-labelledby="partner-days-title">
      <h2 id="partner-days-title">{t('partner.days.title')}</h2>
      <p className="muted">{t('partner.days.zone', { zone: zoneName(new Date(), timeZone, language) })}</p>
      <div className="partner-days">
        <table className="partner-days__table">
          <caption className="visually-hidden">{t('partner.days.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('partner.days.day')}</th>
              {COUNTS.map((figure) => (
                <th key={figure} scope="col">
                  {t(`partner.days.${figure}`)}
                </th>
              ))}
              <th scope="col">{t('partner.days.earned')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day} className={day.day === today ? 'is-today' : undefined}>
                <th scope="row">
                  <time dateTime={day.day}>
                    {day.day === today ? t('partner.days.today') : formatDay(day.day, language)}
                  </time>
                </th>
                {COUNTS.map((figure) => (
                  <td key={figure}>{formatCount(day[figure], language)}</td>
                ))}
                <td>{formatUsdtFigure(day.earned, language)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('partner.days.total')}</th>
              {COUNTS.map((figure) => (
                <td key={figure}>{formatCount(total(figure), language)}</td>
              ))}
              <td>{formatUsdtFigure(sumAmounts(days.map((day) => day.earned)), language)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
