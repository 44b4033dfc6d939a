import { zoneName } from '@shared/business-time';
import { weekHoursText } from '@shared/hours-text';
import { fetchGeoTree } from '@web/lib/exchange-api';
import { useTranslation } from '@web/lib/i18n';
import { useResource } from '@web/lib/use-resource';
import { useCallback } from 'react';

/**
 * An office's opening hours: its city's week as the public geo tree has it (the hours staff keep on
 * the geo page, the ones that govern the city's cash directions), in the city's own time zone,
 * named; whether it is open now. Nothing while the tree loads or when the city is no longer offered.
 */
export function OfficeHours({ city, label }: { city: string; label: string }) {
  const { t, language } = useTranslation('profile');
  const load = useCallback(
    async (signal: AbortSignal) =>
      (await fetchGeoTree(signal))
        .flatMap((continent) => continent.countries)
        .flatMap((country) => country.cities)
        .find((place) => place.key === city)?.hours ?? null,
    [city],
  );
  const hours = useResource(load, [load]).data;
  if (!hours) return null;
  return (
    <div className="order-copyables__item">
      <dt>{label}</dt>
      <dd>
        {weekHoursText(hours.week, language)} ({zoneName(new Date(), hours.timeZone, language)}){' '}
        <span className="muted">{hours.openNow ? t('order.pay.openNow') : t('order.pay.closedNow')}</span>
      </dd>
    </div>
  );
}
