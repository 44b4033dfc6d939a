import { parseAssetKey } from '@shared/assets';

/**
 * An asset's code in the rate monitors' list (BestChange, exchangesumo, exnode share it): the crypto
 * asset is `USDTTRC20`, cash `CASH{ISO}` and a bank card `CARD{ISO}` (docs/product.md §10).
 */
export function monitorCurrencyCode(assetKey: string): string {
  const asset = parseAssetKey(assetKey);
  if (!asset) throw new Error(`Unknown asset ${assetKey}`);
  if (asset.kind === 'crypto') return 'USDTTRC20';
  return `${asset.fiatKind.toUpperCase()}${asset.currency}`;
}
