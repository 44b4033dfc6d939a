import { useTranslation } from '@web/lib/i18n';
import { formatMoney, formatRate, formatRateTime, useAssetLabel } from '@web/lib/quote-format';
import type { ReactNode } from 'react';
import { currencyOf, type PublishedDirection } from '../lib/rate-rows';

interface Column {
  key: string;
  cell: (direction: PublishedDirection) => ReactNode;
}

/**
 * The directions of a place, one row each: a table on wide screens, a card per direction on phones
 * (each cell then names its column): the rate, the limits of one application as a quote states them
 * (the setting's floor included), the reserve of the receive currency and the rate's time.
 */
export function RatesTable({ directions }: { directions: PublishedDirection[] }) {
  const { t, language } = useTranslation('common');
  const assetLabel = useAssetLabel();
  const amount = (value: number | null, assetKey: string) =>
    value === null ? t('rates.noLimit') : `${formatMoney(value, language)} ${currencyOf(assetKey)}`;
  const columns: Column[] = [
    { key: 'receive', cell: (d) => assetLabel(d.assetTo) },
    {
      key: 'rate',
      cell: (d) => formatRate(d.assetFrom, d.assetTo, d.rate, language),
    },
    { key: 'minimum', cell: (d) => amount(d.quoteLimits?.minAmount ?? d.minAmount, d.assetFrom) },
    { key: 'maximum', cell: (d) => amount(d.quoteLimits?.maxAmount ?? d.maxAmount, d.assetFrom) },
    { key: 'reserve', cell: (d) => amount(d.reserve, d.assetTo) },
    {
      key: 'updated',
      cell: (d) => {
        const at = d.priceAsOf ?? d.updatedAt;
        return <time dateTime={at}>{formatRateTime(at, language)}</time>;
      },
    },
  ];

  if (directions.length === 0) return <p className="muted">{t('rates.empty')}</p>;

  return (
    <table className="rates-table">
      <thead>
        <tr>
          <th scope="col">{t('rates.columns.give')}</th>
          {columns.map((column) => (
            <th key={column.key} scope="col">
              {t(`rates.columns.${column.key}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {directions.map((direction) => (
          <tr key={`${direction.assetFrom}>${direction.assetTo}`}>
            <th scope="row">{assetLabel(direction.assetFrom)}</th>
            {columns.map((column) => (
              <td key={column.key} data-label={t(`rates.columns.${column.key}`)}>
                {column.cell(direction)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
