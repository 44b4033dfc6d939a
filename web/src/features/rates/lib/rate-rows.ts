import { offeredFiatAssets, parseAssetKey } from '@shared/assets';
import { CRYPTO_ASSET } from '@shared/constants';
import type { PublicRatesData } from '@shared/contract/rates';

export type PublishedDirection = PublicRatesData['directions'][number];

/**
 * The live directions a place offers, in the apply form's order: each fiat asset offered there
 * (USD, EUR, RUB, then the country's currency; cash before card) given for USDT, then USDT given
 * for it. Without a local currency: the directions every city offers. GET /rates lists paused
 * directions nowhere, so a paused one is simply absent.
 */
export function directionsOffered(
  directions: readonly PublishedDirection[],
  localCurrency: string | null,
): PublishedDirection[] {
  const byPair = new Map(
    directions.map((direction) => [`${direction.assetFrom}>${direction.assetTo}`, direction]),
  );
  return offeredFiatAssets(localCurrency)
    .flatMap((fiat) => [byPair.get(`${fiat}>${CRYPTO_ASSET}`), byPair.get(`${CRYPTO_ASSET}>${fiat}`)])
    .filter(
      (direction): direction is PublishedDirection => direction !== undefined && direction.rate !== null,
    );
}

/** The currency an amount of the asset is counted in: its fiat code, or USDT. */
export function currencyOf(assetKey: string): string {
  const parsed = parseAssetKey(assetKey);
  return parsed?.kind === 'fiat' ? parsed.currency : 'USDT';
}
