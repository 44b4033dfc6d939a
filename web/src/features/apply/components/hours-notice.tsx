import type { ExchangeStatus } from '@shared/contract/hours';
import type { GeoCity } from '@shared/geo';
import { Alert } from '@web/components/ui/alert';
import { useTranslation } from '@web/lib/i18n';
import { dateTimeFormat } from '@web/lib/intl-format';

const LOCALES = { ru: 'ru-RU', en: 'en-US' } as const;

interface HoursNoticeProps {
  /** The chosen city, if any: its cash hours. */
  city: GeoCity | undefined;
  cityName: string;
  exchange: ExchangeStatus | null;
}

/**
 * What is closed now and when it opens (docs/product.md §4 "Working hours"): the city's cash desk
 * in the city's own time (one goes there), card exchange in the visitor's time (it is online).
 */
export function HoursNotice({ city, cityName, exchange }: HoursNoticeProps) {
  const { t, language } = useTranslation('forms');
  const when = (instant: string, timeZone?: string) =>
    dateTimeFormat(LOCALES[language], {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
    }).format(new Date(instant));
  const lines: string[] = [];
  if (city && !city.hours.openNow) {
    lines.push(
      city.hours.opensAt
        ? t('apply.hours.cashClosed', { city: cityName, when: when(city.hours.opensAt, city.hours.timeZone) })
        : t('apply.hours.cashClosedForGood', { city: cityName }),
    );
  }
  if (exchange && !exchange.cardHours.openNow) {
    lines.push(
      exchange.cardHours.opensAt
        ? t('apply.hours.cardClosed', { when: when(exchange.cardHours.opensAt) })
        : t('apply.hours.cardClosedForGood'),
    );
  }
  if (lines.length === 0) return null;
  return (
    <Alert tone="warning">
      {lines.map((line) => (
        <p key={line} className="apply-hours__line">
          {line}
        </p>
      ))}
    </Alert>
  );
}

/** Maintenance: nothing is offered; staff's message in the visitor's language (or the other one). */
export function MaintenanceNotice({ exchange }: { exchange: ExchangeStatus | null }) {
  const { t, language } = useTranslation('forms');
  if (!exchange?.maintenance.active) return null;
  const { message } = exchange.maintenance;
  const words = message[language] || message[language === 'ru' ? 'en' : 'ru'];
  return (
    <Alert tone="warning">
      <p className="apply-hours__line">
        <strong>{t('apply.hours.maintenance')}</strong>
      </p>
      {words && <p className="apply-hours__line apply-hours__message">{words}</p>}
    </Alert>
  );
}
