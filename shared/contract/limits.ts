import * as z from 'zod/mini';
import { schema } from '../schema';
import { VERIFICATION_TIERS } from '../verification';

/** A limit of a window, what the client used of it and what is left, in USD; `limit`/`left` null: no limit. */
const limitWindowSchema = /* @__PURE__ */ schema(() =>
  z.object({ limit: z.nullable(z.number()), used: z.number(), left: z.nullable(z.number()) }),
);

/**
 * What a client's verification tier allows and what is left of it (docs/product.md "Verification and
 * limits"), in USD, the unit of an application's `amountUSD`.
 */
export const clientLimitsSchema = /* @__PURE__ */ schema(() =>
  z.object({
    tier: z.enum(VERIFICATION_TIERS),
    /** The tier verifying reaches next (a card, then identity); null at the top. */
    nextTier: z.nullable(z.enum(VERIFICATION_TIERS)),
    /** The tier's most per application; null: no limit. */
    perApplication: z.nullable(z.number()),
    /** The lower cap of a client's first deals, while it applies to them. */
    firstDeals: z.nullable(
      z.object({
        cap: z.number(),
        deals: z.number().check(z.int()),
        completed: z.number().check(z.int()),
      }),
    ),
    perDay: limitWindowSchema,
    per30Days: limitWindowSchema,
    /** The most the next application may be worth now (every one of the above); null: no limit. */
    maxNow: z.nullable(z.number()),
  }),
);
export type ClientLimitsView = z.infer<typeof clientLimitsSchema>;

/** A tier's most per application, per business day and per 30 business days, in USD; null: no limit. */
const tierWindowsSchema = /* @__PURE__ */ schema(() =>
  z.object({
    perApplication: z.nullable(z.number()),
    perDay: z.nullable(z.number()),
    per30Days: z.nullable(z.number()),
  }),
);

/**
 * What each verification tier allows (GET /api/limits, public): the calculator says it to a visitor,
 * whose first application would be an email-tier client's first deal, and how verifying raises it.
 */
export const tierLimitTableSchema = /* @__PURE__ */ schema(() =>
  z.object({
    tiers: z.object({ email: tierWindowsSchema, card: tierWindowsSchema, identity: tierWindowsSchema }),
    /** The lower cap of every client's first deals (until `deals` are completed); null: none. */
    firstDeals: z.nullable(z.object({ cap: z.number(), deals: z.number().check(z.int()) })),
  }),
);
export type TierLimitTable = z.infer<typeof tierLimitTableSchema>;
