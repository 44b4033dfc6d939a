import { type CreateApplicationBody, visitSourceSchema } from '@shared/contract/applications';
import type { QuoteLimits } from '@shared/contract/rates';
import type { CardView } from '@shared/contract/verification';
import { createApplication as createApplicationRoute, validateTelegram } from '@shared/routes/applications';
import { getRates } from '@shared/routes/rates';
import { getMyVerification } from '@shared/routes/verification';
import { call } from '@web/lib/api-client';
import { rememberedVisitSource } from '@web/lib/visit-source';

/** The apply screen's own calls (docs/product.md §7); places and quotes are in lib/exchange-api. */

/** The exchange's Telegram bot and whether the checked contact has started it (null: Telegram does not say). */
export interface ContactBot {
  username: string;
  started: boolean | null;
}

/**
 * Whether the server accepts the value as a Telegram contact, and the bot when one is configured. A
 * failed call or an unexpected answer counts as valid (docs/product.md §5): the check must never stop
 * an honest user.
 */
export async function checkTelegramContact(
  value: string,
): Promise<{ isValid: boolean; bot: ContactBot | null }> {
  try {
    const answer = await call(validateTelegram, { body: { username: value } });
    return { isValid: answer.data.isValid, bot: answer.data.bot ?? null };
  } catch {
    return { isValid: true, bot: null };
  }
}

/** Submits the application with where its visitor came from, when this browser kept it; its id. */
export async function createApplication(body: CreateApplicationBody): Promise<string> {
  const source = visitSourceSchema.safeParse(rememberedVisitSource());
  const answer = await call(createApplicationRoute, {
    body: source.success ? { ...body, source: source.data } : body,
  });
  return answer.data.id;
}

/** The limits of one pair now (GET /rates for that pair); null when the pair is not offered now. */
export async function fetchPairLimits(
  assetFrom: string,
  assetTo: string,
  signal?: AbortSignal,
): Promise<QuoteLimits | null> {
  const data = (await call(getRates, { query: { assetFrom, assetTo }, signal })).data;
  return data.directions[0]?.quoteLimits ?? null;
}

/** The caller's cards, to choose the one a card payment comes from (docs/product.md "Cards and verification"). */
export async function fetchMyCards(): Promise<CardView[]> {
  return (await call(getMyVerification)).data.cards;
}
