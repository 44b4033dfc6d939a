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
 * an office template of the application's city for cash, a USDT template when paying USDT; for an
 * individual request (no asset: how the client pays is agreed in the conversation) any card or
 * office template, never a USDT one, whose amount it could not name; null when no template fits (a
 * cash payment without a city).
 */
export function templateWanted(
  facts: TemplateFitFacts,
):
  | { kind: 'card'; currency: string }
  | { kind: 'office'; city: string }
  | { kind: 'usdt' }
  | { kind: 'fiat' }
  | null {
  if (!facts.assetFrom) return { kind: 'fiat' };
  const asset = parseAssetKey(facts.assetFrom);
  if (!asset) return null;
  if (asset.kind === 'crypto') return { kind: 'usdt' };
  if (asset.fiatKind === 'card') return { kind: 'card', currency: asset.currency };
  return facts.city ? { kind: 'office', city: facts.city } : null;
}

/** Whether a template may start an application's instructions (the server refuses any other). */
export function templateFits(template: TemplateContent, facts: TemplateFitFacts): boolean {
  const wanted = templateWanted(facts);
  if (!wanted) return false;
  if (wanted.kind === 'fiat') return template.kind !== 'usdt';
  if (wanted.kind !== template.kind) return false;
  if (wanted.kind === 'card') return template.kind === 'card' && template.currency === wanted.currency;
  if (wanted.kind === 'office') return template.kind === 'office' && template.city === wanted.city;
  return true;
}

/** The text a template starts the instructions with: its details, or for USDT the address to send to. */
export function templateText(template: TemplateContent): string {
  return template.kind === 'usdt' ? template.address : template.details;
}
