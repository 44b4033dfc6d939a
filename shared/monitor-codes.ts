import { parseAssetKey } from './assets';

/**
 * An asset's code in the rate monitors' list (BestChange, exchangesumo, exnode share it): the crypto
 * asset is `USDTTRC20`, cash `CASH{ISO}` and a bank card `CARD{ISO}` (docs/product.md §10). A
 * direction may name its fiat side's code itself (`monitorCode`: a bank's card, `SBERRUB`).
 */
export function monitorCurrencyCode(assetKey: string, override: string | null = null): string {
  const asset = parseAssetKey(assetKey);
  if (!asset) throw new Error(`Unknown asset ${assetKey}`);
  if (asset.kind === 'crypto') return 'USDTTRC20';
  return override ?? `${asset.fiatKind.toUpperCase()}${asset.currency}`;
}

/**
 * The monitors' code of a payout by SBP (`SBPRUB`, BestChange's "СБП"): a direction paying out RUB
 * by card to SBP banks is listed under it too, beside its card code (docs/decisions.md).
 */
export const SBP_MONITOR_CODE = 'SBPRUB';

/**
 * The monitors' codes a direction's fiat side is listed under: its card or cash code (its own
 * `monitorCode`, else the asset's) and, for a payout also made by SBP, `SBPRUB`, each once.
 */
export function fiatMonitorCodes(
  fiatAsset: string,
  monitorCode: string | null,
  paysBySbp: boolean,
): string[] {
  const own = monitorCurrencyCode(fiatAsset, monitorCode);
  return paysBySbp && own !== SBP_MONITOR_CODE ? [own, SBP_MONITOR_CODE] : [own];
}

/**
 * The monitors' city codes of the seeded cities, where BestChange's own code is established
 * (its export examples and listings use MSK and SPB). Every other seeded city gets none: its cash
 * directions stay out of the file until staff give it the monitors' code in geo management
 * (docs/operations.md "Rate monitors"), since a guessed code would list the office in the wrong
 * city or nowhere.
 */
export const MONITOR_CITY_CODES: Readonly<Record<string, string>> = {
  'cis.russia.moscow': 'MSK',
  'cis.russia.saint_petersburg': 'SPB',
};

/** A direction's fiat asset: one side is fiat, the other USDT. */
export const fiatSideOf = (direction: { readonly assetFrom: string; readonly assetTo: string }): string =>
  parseAssetKey(direction.assetFrom)?.kind === 'fiat' ? direction.assetFrom : direction.assetTo;

/** What of a direction decides the codes it is listed under. */
export interface ListedDirection {
  readonly assetFrom: string;
  readonly assetTo: string;
  readonly monitorCode: string | null;
  readonly sbpBanks: readonly string[];
}

/**
 * The `from`/`to` codes a direction is listed under in the monitors' file, one pair per code of its
 * fiat side: the monitors' deep links name a direction by the same pair.
 */
export function monitorCodePairs(direction: ListedDirection): Array<{ from: string; to: string }> {
  const fiat = fiatSideOf(direction);
  const fiatIsFrom = fiat === direction.assetFrom;
  return fiatMonitorCodes(fiat, direction.monitorCode, direction.sbpBanks.length > 0).map((fiatCode) => ({
    from: fiatIsFrom ? fiatCode : monitorCurrencyCode(direction.assetFrom),
    to: fiatIsFrom ? monitorCurrencyCode(direction.assetTo) : fiatCode,
  }));
}

/**
 * The direction a monitor's deep link names (`?cur_from=SBERRUB&cur_to=USDTTRC20`, docs/product.md
 * §10 "Deep links"), among `directions`; codes are compared without regard to case. Null: none of
 * them is listed under that pair.
 */
export function directionOfMonitorLink<T extends ListedDirection>(
  directions: readonly T[],
  curFrom: string,
  curTo: string,
): T | null {
  const from = curFrom.toUpperCase();
  const to = curTo.toUpperCase();
  return (
    directions.find((direction) =>
      monitorCodePairs(direction).some((pair) => pair.from === from && pair.to === to),
    ) ?? null
  );
}
