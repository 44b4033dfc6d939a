import { parseAssetKey } from './assets';

/**
 * Which payment templates fit an application, and what a chosen one puts into its instructions
 * (docs/operations.md "Payment templates"). Shared, so the instructions form's picker offers what
 * the server would accept.
 */

/** What of an application decides which templates fit it: how the client pays, and where. */
export interface TemplateFitFacts {
  /** What the client gives: `card-EUR`, `cash-USD` or `usdt-trc20` (null: an individual request). */
  assetFrom: string | null;
  /** The currency the client gives (the fiat code of `assetFrom`, or USDT), when known. */
  currencyFrom?: string | null;
  /** The application's city, where a cash payment is handed over. */
  city: string | null;
}

/** The parts of a template the fit and the text read (the web's view and the server's record both have them). */
export type TemplateContent =
  | { kind: 'card'; currency: string; details: string }
  | { kind: 'office'; city: string; details: string }
  | { kind: 'usdt'; address: string };

/**
 * What an application's client pays with asks for: a card template of the currency paid by card,
 * an office template of the application's city for cash, a USDT template when paying USDT; null
 * when no template fits (an individual request without an asset, a cash payment without a city).
 */
export function templateWanted(
  facts: TemplateFitFacts,
): { kind: 'card'; currency: string } | { kind: 'office'; city: string } | { kind: 'usdt' } | null {
  const asset = facts.assetFrom ? parseAssetKey(facts.assetFrom) : null;
  if (!asset) return null;
  if (asset.kind === 'crypto') return { kind: 'usdt' };
  if (asset.fiatKind === 'card') return { kind: 'card', currency: facts.currencyFrom || asset.currency };
  return facts.city ? { kind: 'office', city: facts.city } : null;
}

export function templateFits(template: TemplateContent, facts: TemplateFitFacts): boolean {
  const wanted = templateWanted(facts);
  if (!wanted || wanted.kind !== template.kind) return false;
  if (wanted.kind === 'card') return template.kind === 'card' && template.currency === wanted.currency;
  if (wanted.kind === 'office') return template.kind === 'office' && template.city === wanted.city;
  return true;
}

/** The text a template starts the instructions with: its details, or for USDT the address to send to. */
export function templateText(template: TemplateContent): string {
  return template.kind === 'usdt' ? template.address : template.details;
}
