import type { GeoCity, GeoContinent, GeoCountry, GeoTree } from '@shared/geo';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { useTranslation } from '@web/lib/i18n';
import { useResource } from '@web/lib/use-resource';
import { type ReactNode, useMemo, useState } from 'react';
import { adminApi } from '../api/admin-api';
import { ClockIcon } from '../components/admin-icons';
import { ConfirmDialog } from '../components/confirm-dialog';
import { IconButton } from '../components/icon-button';
import { InlineLoading, LoadError } from '../components/load-state';
import { PAGE_TITLE_ID, PageHeader } from '../components/page-header';
import { Switch } from '../components/switch';
import {
  applyGeoToggle,
  citiesOffWithOnly,
  countActiveCities,
  sortGeoTree,
  updateCity,
} from '../lib/geo-cascade';
import { HoursModal } from './hours-modal';
import { HoursPanel, useHoursText } from './hours-panel';
import './geo.css';

type Node = GeoContinent | GeoCountry | GeoCity;

/**
 * Geo management (docs/product.md §2, §4): continents, countries and cities with switches. A switch applies
 * at once to the node's descendants (and, switched on, to its ancestors); if the server refuses,
 * the tree rolls back and the 'Failed to update status' alert shows. Above the tree, the card
 * schedule and maintenance; each city shows its monitors' code and hours, edited in a modal. Rows
 * can be selected and switched together, or kept as "only these" (everything else off).
 */
export function GeoPage() {
  const { t, language } = useTranslation('admin');
  const geo = useResource((signal) => adminApi.geo(signal), []);
  const status = useResource((signal) => adminApi.exchangeStatus(signal), []);
  const hoursText = useHoursText();
  const [editing, setEditing] = useState<GeoCity | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  /** "Only these" asked for: the cities it would switch off, for the confirmation to name. */
  const [onlyConfirm, setOnlyConfirm] = useState<number | null>(null);

  const name = (node: Node) => node.names?.[language] || node.defaultName;

  const toggle = async (node: Node, isActive: boolean) => {
    const before = geo.data;
    if (!before || pending) return;
    setFailure(null);
    setPending(node.key);
    geo.setData((tree) => (tree ? applyGeoToggle(tree, node.key, isActive) : tree));
    try {
      await adminApi.toggleGeo(node.key, isActive);
    } catch {
      geo.setData(() => before);
      setFailure(t('geo.failed'));
    } finally {
      setPending(null);
    }
  };

  const select = (key: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  /** The selected places switched at once (or "only these"), then the tree read again. */
  const switchSelected = async (isActive: boolean, othersOff = false) => {
    if (pending || selected.size === 0) return;
    setOnlyConfirm(null);
    setFailure(null);
    setPending('bulk');
    try {
      await adminApi.switchGeo([...selected], isActive, othersOff);
      setSelected(new Set());
    } catch {
      setFailure(t('geo.failed'));
    } finally {
      setPending(null);
      geo.reload();
    }
  };

  const expand = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  // Continents keep the spec's order; countries and cities sort by their name in this language.
  const tree: GeoTree | undefined = useMemo(
    () => (geo.data ? sortGeoTree(geo.data, language) : undefined),
    [geo.data, language],
  );
  return (
    <section className="admin-page" aria-labelledby={PAGE_TITLE_ID}>
      <PageHeader title={t('geo.title')} />
      <p className="muted admin-page__lead">{t('geo.intro')}</p>
      {status.data ? (
        <HoursPanel status={status.data} onChange={(next) => status.setData(() => next)} />
      ) : status.error ? (
        <LoadError title={t('geo.hours.loadError')} error={status.error} onRetry={status.reload} />
      ) : null}
      {failure && <Alert tone="danger">{failure}</Alert>}
      {selected.size > 0 && (
        <div className="bulk-bar" role="toolbar" aria-label={t('geo.bulk.label')}>
          <span className="bulk-bar__count">{t('geo.bulk.selected', { count: selected.size })}</span>
          <Button
            size="sm"
            variant="secondary"
            loading={pending === 'bulk'}
            onClick={() => switchSelected(true)}
          >
            {t('geo.bulk.on')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={pending !== null}
            onClick={() => switchSelected(false)}
          >
            {t('geo.bulk.off')}
          </Button>
          <Button
            size="sm"
            disabled={pending !== null}
            onClick={() => setOnlyConfirm(geo.data ? citiesOffWithOnly(geo.data, selected) : 0)}
          >
            {t('geo.bulk.only')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
            {t('geo.bulk.clear')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={onlyConfirm !== null}
        title={t('geo.bulk.onlyTitle')}
        confirmLabel={t('geo.bulk.onlyConfirm')}
        busy={pending === 'bulk'}
        onConfirm={() => switchSelected(true, true)}
        onClose={() => setOnlyConfirm(null)}
      >
        <p>{t('geo.bulk.onlyText', { count: onlyConfirm ?? 0, selected: selected.size })}</p>
      </ConfirmDialog>
      {geo.error ? (
        <LoadError title={t('geo.loadError')} error={geo.error} onRetry={geo.reload} />
      ) : !tree ? (
        <InlineLoading />
      ) : (
        <ul className="geo-tree" aria-label={t('geo.title')}>
          {tree.map((continent) => {
            const count = countActiveCities(tree, continent.key);
            return (
              <li key={continent.key} className="geo-node geo-node--continent">
                <GeoRow
                  label={name(continent)}
                  meta={t('geo.citiesOn', count)}
                  node={continent}
                  expanded={open.has(continent.key)}
                  onExpand={() => expand(continent.key)}
                  busy={pending !== null}
                  onToggle={toggle}
                  selected={selected.has(continent.key)}
                  onSelect={select}
                  controls={`geo-${continent.key}`}
                />
                {open.has(continent.key) && (
                  <ul id={`geo-${continent.key}`} className="geo-tree__children">
                    {continent.countries.map((country) => (
                      <li key={country.key} className="geo-node geo-node--country">
                        <GeoRow
                          label={name(country)}
                          meta={`${country.localCurrency} · ${t('geo.citiesOn', countActiveCities(tree, country.key))}`}
                          node={country}
                          expanded={open.has(country.key)}
                          onExpand={() => expand(country.key)}
                          busy={pending !== null}
                          onToggle={toggle}
                          selected={selected.has(country.key)}
                          onSelect={select}
                          controls={`geo-${country.key.replace('.', '-')}`}
                        />
                        {open.has(country.key) && (
                          <ul id={`geo-${country.key.replace('.', '-')}`} className="geo-tree__children">
                            {country.cities.map((city) => (
                              <li key={city.key} className="geo-node geo-node--city">
                                <GeoRow
                                  label={name(city)}
                                  meta={`${city.code ?? t('geo.hours.noCode')} · ${hoursText.state(city.hours)}`}
                                  node={city}
                                  busy={pending !== null}
                                  onToggle={toggle}
                                  selected={selected.has(city.key)}
                                  onSelect={select}
                                  action={
                                    <IconButton
                                      label={t('geo.hours.editCity', { name: name(city) })}
                                      icon={<ClockIcon />}
                                      onClick={() => setEditing(city)}
                                    />
                                  }
                                />
                              </li>
                            ))}
                          </ul>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {editing && (
        <HoursModal
          title={t('geo.hours.cityTitle', { name: name(editing) })}
          initial={{ timeZone: editing.hours.timeZone, week: editing.hours.week, code: editing.code }}
          save={async (values) => {
            const saved = await adminApi.saveCityHours(editing.key, {
              timeZone: values.timeZone,
              week: values.week,
              code: values.code ?? null,
            });
            geo.setData((current) => (current ? updateCity(current, saved.key, saved) : current));
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}

interface GeoRowProps {
  label: string;
  meta?: string;
  /** A button beside the switch (a city's hours). */
  action?: ReactNode;
  node: Node;
  expanded?: boolean;
  onExpand?: () => void;
  controls?: string;
  busy: boolean;
  onToggle: (node: Node, isActive: boolean) => void;
  /** Chosen for a switch of many at once. */
  selected: boolean;
  onSelect: (key: string) => void;
}

function GeoRow(props: GeoRowProps) {
  const { label, meta, action, node, expanded, onExpand, controls, busy, onToggle, selected, onSelect } =
    props;
  const { t } = useTranslation('admin');
  return (
    <div className={`geo-row${node.isActive ? '' : ' is-off'}`}>
      <input
        type="checkbox"
        className="geo-row__select"
        checked={selected}
        aria-label={t('geo.bulk.select', { name: label })}
        onChange={() => onSelect(node.key)}
      />
      {onExpand ? (
        <button
          type="button"
          className="geo-row__expand"
          aria-expanded={expanded}
          aria-controls={expanded ? controls : undefined}
          onClick={onExpand}
        >
          <span className="geo-row__chevron" aria-hidden="true">
            ▸
          </span>
          <span className="geo-row__name">{label}</span>
        </button>
      ) : (
        <span className="geo-row__name geo-row__name--leaf">{label}</span>
      )}
      {meta && <span className="geo-row__meta muted">{meta}</span>}
      {action}
      <Switch
        checked={node.isActive}
        busy={busy}
        label={t('geo.available', { name: label })}
        onChange={(checked) => onToggle(node, checked)}
      />
    </div>
  );
}
