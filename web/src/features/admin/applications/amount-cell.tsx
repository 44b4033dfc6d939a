import { assetLabel } from '@shared/assets';
import { useTranslation } from '@web/lib/i18n';
import { formatMoney } from '@web/lib/quote-format';

/** An amount over its asset's label (`1 500` / `Card EUR`): narrow enough for the dense table. */
export function AmountCell({ amount, asset }: { amount: number | null; asset: string | null }) {
  const { t, language } = useTranslation('admin');
  if (amount === null && !asset) return <span className="muted">—</span>;
  return (
    <span className="cell-stack">
      <span className="nowrap">{amount === null ? '—' : formatMoney(amount, language)}</span>
      {asset && (
        <span className="muted nowrap">
          {assetLabel(asset, { cash: t('assets.cash'), card: t('assets.card') })}
        </span>
      )}
    </span>
  );
}
