import {
  type CreateApplicationBody,
  type StandardApplicationBody,
  visitSourceSchema,
} from '@shared/contract/applications';
import type { GuestApplicationData } from '@shared/contract/guest';
import type { QuoteLimits } from '@shared/contract/rates';
import type { CardView } from '@shared/contract/verification';
import type { Language } from '@shared/enums';
import {
  createApplication as createApplicationRoute,
  createGuestApplication,
  validateTelegram,
} from '@shared/routes/applications';
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

/** The body with where its visitor came from, when this browser kept it. */
function withVisitSource<B extends CreateApplicationBody>(body: B): B {
  const source = visitSourceSchema.safeParse(rememberedVisitSource());
  return source.success ? { ...body, source: source.data } : body;
}

/** Submits the application with where its visitor came from, when this browser kept it; its id. */
export async function createApplication(body: CreateApplicationBody): Promise<string> {
  return (await call(createApplicationRoute, { body: withVisitSource(body) })).data.id;
}

/**
 * A visitor's application with their email and no password (docs/product.md §5 "Guest exchange"):
 * the order and a session, or word that the address's owner was mailed instead.
 */
export async function createAsGuest(
  email: string,
  language: Language,
  application: StandardApplicationBody,
): Promise<GuestApplicationData> {
  return (
    await call(createGuestApplication, {
      body: { email, language, application: withVisitSource(application) },
    })
  ).data;
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
