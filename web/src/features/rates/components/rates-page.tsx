import { MaintenanceNotice, useMaintenance } from '@web/components/quote/maintenance-notice';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { SelectField } from '@web/components/ui/field';
import { fetchPublicRates } from '@web/lib/exchange-api';
import { findCity } from '@web/lib/exchange-form';
import { useTranslation } from '@web/lib/i18n';
import { cityGroups } from '@web/lib/place-options';
import { useGeoTree } from '@web/lib/use-geo-tree';
import { useResource } from '@web/lib/use-resource';
import { useState } from 'react';
import { directionsOffered } from '../lib/rate-rows';
import { RatesTable } from './rates-table';
import '../rates.css';

/**
 * The public rates page (`/rates`): the live directions of one city, chosen in one
 * select of cities grouped by country, or, before a choice, those every city offers (docs/decisions.md
 * "Public rates page"). Prerendered without data; the places and the rates load after hydration.
 * @public the router loads it lazily through the feature's index (a member knip cannot follow)
 */
export function RatesPage() {
  const { t, language } = useTranslation('common');
  const geo = useGeoTree();
  // GET /rates once the page is live (after hydration: the prerendered page holds the table's place).
  const rates = useResource(fetchPublicRates, []);
  // In maintenance the rates stay for reference, under staff's notice saying none is offered now.
  const maintenance = useMaintenance();
  const [city, setCity] = useState('');
  const tree = geo.status === 'ready' ? geo.tree : [];
  const place = findCity(tree, city);
  const name = (node: { defaultName: string; names: Record<string, string> }) =>
    node.names[language] || node.defaultName;

  return (
    <div className="container page rates-page">
      <h1 className="page__title">{t('rates.title')}</h1>
      <p className="page__lead">{t('rates.lead')}</p>
      {maintenance && <MaintenanceNotice maintenance={maintenance} />}
      <div className="rates-page__place">
        <SelectField
          label={t('rates.city')}
          name="city"
          placeholder={t(geo.status === 'loading' ? 'rates.placesLoading' : 'rates.allCities')}
          groups={cityGroups(tree, language)}
          disabled={geo.status === 'loading'}
          value={city}
          onChange={(event) => setCity(event.target.value)}
        />
      </div>
      <section className="rates-page__rates" aria-labelledby="rates-heading" aria-busy={rates.loading}>
        <h2 id="rates-heading" className="rates-page__heading">
          {place
            ? t('rates.inCity', { city: name(place.city), country: name(place.country) })
            : t('rates.everyCity')}
        </h2>
        {rates.loading && <p className="muted">{t('rates.loading')}</p>}
        {rates.error ? (
          <Alert tone="danger">
            <p>{t('rates.failed')}</p>
            <Button variant="secondary" size="sm" onClick={rates.reload}>
              {t('actions.retry')}
            </Button>
          </Alert>
        ) : null}
        {rates.data && (
          <RatesTable
            directions={directionsOffered(rates.data.directions, place?.country.localCurrency ?? null)}
          />
        )}
      </section>
    </div>
  );
}
