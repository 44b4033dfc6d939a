import type { SettingKey } from './constants';
import type { VerificationTier } from './verification';

/**
 * The verification tiers' limits (docs/product.md "Verification and limits"): each tier's most per
 * application, per business day and per 30 business days, as settings in USD (exact decimal text,
 * '' = no limit), measured on an application's USD value at its quote (`amountUSD`).
 */
export const LIMIT_WINDOWS = ['perApplication', 'perDay', 'per30Days'] as const;
export type LimitWindow = (typeof LIMIT_WINDOWS)[number];

/** The business days the 30-day limit sums: today and the 29 before it. */
export const LIMIT_WINDOW_DAYS = 30;

/** The setting of each tier's limit in each window. */
export const TIER_LIMIT_SETTINGS = {
  email: {
    perApplication: 'limitEmailPerApplicationUSD',
    perDay: 'limitEmailPerDayUSD',
    per30Days: 'limitEmailPer30DaysUSD',
  },
  card: {
    perApplication: 'limitCardPerApplicationUSD',
    perDay: 'limitCardPerDayUSD',
    per30Days: 'limitCardPer30DaysUSD',
  },
  identity: {
    perApplication: 'limitIdentityPerApplicationUSD',
    perDay: 'limitIdentityPerDayUSD',
    per30Days: 'limitIdentityPer30DaysUSD',
  },
} as const satisfies Record<VerificationTier, Record<LimitWindow, SettingKey>>;

/** Every limit setting in USD (the `limitUSD` kind): the tiers', the first deals' cap, per IP and per card. */
export const LIMIT_SETTING_KEYS = [
  ...Object.values(TIER_LIMIT_SETTINGS).flatMap((windows) => Object.values(windows)),
  'firstDealsCapUSD',
  'limitPerIpPerDayUSD',
  'limitPerCardPerDayUSD',
] as const satisfies readonly SettingKey[];

/**
 * Every limit off: the test stacks seed these (infra/local/stack.ts `limits: false`), so tests not
 * about limits are never refused by them; the limits' own tests set the values they test.
 */
export const NO_LIMITS = Object.fromEntries(LIMIT_SETTING_KEYS.map((key) => [key, ''])) as Record<
  (typeof LIMIT_SETTING_KEYS)[number],
  string
>;

/** The tier a client reaches next by verifying (a card, then identity); null at the top. */
export function nextTierOf(tier: VerificationTier): VerificationTier | null {
  return tier === 'email' ? 'card' : tier === 'card' ? 'identity' : null;
}
