import * as z from 'zod/mini';
import { hasAtMostDecimals, PERCENT_DECIMALS } from '../numbers';
import { schema } from '../schema';
import { directionKeySchema } from '../staff-scope';
import { tronAddressSchema, txHashSchema } from './deal';
import { isDayDate } from './transactions';

/**
 * The partner program (docs/product.md "Partners"): any client's link earns them a share of the
 * deals of the clients it brings, booked in USDT at each completion. Partners see their days and
 * ask for payouts to a TRC-20 address; staff pay them from an office wallet, checked on chain;
 * a read-only API with the partner's key answers the same figures. Amounts are USDT decimal text.
 */

/** The most directions with terms of their own, and monitors' hosts, one partner may have. */
export const PARTNER_TERMS_MAX_DIRECTIONS = 200;
export const PARTNER_MONITOR_HOSTS_MAX = 10;
/** The most days one statistics answer covers. */
export const PARTNER_STATISTICS_MAX_DAYS = 92;
/** The days the partner page shows, today last. */
export const PARTNER_PAGE_DAYS = 30;
/** The payouts the partner page and the API list, newest first. */
export const PARTNER_PAYOUTS_LISTED = 50;

/** The most a partner may earn: all of a deal's profit, a tenth of its volume (as the settings). */
export const PARTNER_PERCENT_MAX = { profitPercent: 100, volumePercent: 10 } as const;

const percent = (max: number) =>
  z.number({ error: 'partnerPercent' }).check(
    z.refine((value) => value >= 0 && value <= max && hasAtMostDecimals(value, PERCENT_DECIMALS), {
      error: 'partnerPercent',
      params: { max },
    }),
  );

const termsShape = () => ({
  profitPercent: percent(PARTNER_PERCENT_MAX.profitPercent),
  volumePercent: percent(PARTNER_PERCENT_MAX.volumePercent),
});

export const partnerTermsSchema = /* @__PURE__ */ schema(() => z.strictObject(termsShape()));

export const directionTermsSchema = /* @__PURE__ */ schema(() =>
  z.strictObject({ direction: directionKeySchema, ...termsShape() }),
);
export type DirectionTermsBody = z.infer<typeof directionTermsSchema>;

/** Terms of some directions, each direction once. */
const directionTermsList = () =>
  z.array(directionTermsSchema).check(
    z.maxLength(PARTNER_TERMS_MAX_DIRECTIONS),
    z.refine(
      (list) => new Set(list.map((terms) => terms.direction)).size === list.length,
      'partnerDirectionTwice',
    ),
  );

/** A monitor's host as its referrer names it (`bestchange.ru`), lower case. */
const MONITOR_HOST = /^(?=.{3,253}$)[a-z0-9-]+(\.[a-z0-9-]+)+$/;

/** PUT /admin/partners/{id}: a partner's own terms (null: the defaults) and the monitors they are. */
export const partnerTermsBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    terms: z.nullable(partnerTermsSchema),
    directionTerms: directionTermsList(),
    monitorHosts: z
      .array(z.string().check(z.trim(), z.toLowerCase(), z.regex(MONITOR_HOST, 'partnerMonitorHost')))
      .check(
        z.maxLength(PARTNER_MONITOR_HOSTS_MAX),
        z.refine((hosts) => new Set(hosts).size === hosts.length, 'partnerMonitorHostTwice'),
      ),
  }),
);
export type PartnerTermsBody = z.infer<typeof partnerTermsBodySchema>;

/** PUT /admin/partner-terms: the default terms of some directions (the settings' hold for the rest). */
export const defaultPartnerTermsBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({ directionTerms: directionTermsList() }),
);

export const partnerParamsSchema = /* @__PURE__ */ schema(() =>
  z.object({ id: z.string().check(z.minLength(1), z.maxLength(80)) }),
);

/** An amount of USDT as typed: up to six decimals. */
const USDT_TEXT = /^\d{1,12}(\.\d{1,6})?$/;

/** POST /partner/payouts: how much of what is available, to which TRC-20 address. */
export const partnerPayoutBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    amount: z.string({ error: 'required' }).check(z.trim(), z.regex(USDT_TEXT, 'partnerPayoutAmount')),
    address: tronAddressSchema,
  }),
);
export type PartnerPayoutBody = z.infer<typeof partnerPayoutBodySchema>;

/** A partner's code: Latin letters and digits, kept upper-case (a link's `?ref=` is read in any case). */
const PARTNER_CODE = /^[A-Za-z0-9]{4,16}$/;

/** PUT /partner/code: the code of the partner's own choosing. */
export const partnerCodeBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    code: z.pipe(
      z.string({ error: 'required' }).check(z.trim(), z.regex(PARTNER_CODE, 'partnerCodeFormat')),
      z.transform((code: string) => code.toUpperCase()),
    ),
  }),
);
export type PartnerCodeBody = z.infer<typeof partnerCodeBodySchema>;

export const partnerCodeSchema = /* @__PURE__ */ schema(() => z.object({ code: z.string() }));

/** POST /admin/partner-payouts/{id}/pay: the hash of the transfer staff sent. */
export const partnerPayoutPayBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({ txHash: txHashSchema }),
);

/** POST /admin/partner-payouts/{id}/reject: why, as the partner reads it. */
export const partnerPayoutRejectBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    reason: z
      .string({ error: 'required' })
      .check(z.trim(), z.minLength(3, 'ledgerReasonRequired'), z.maxLength(500, 'ledgerReasonTooLong')),
  }),
);

/** GET /partner-api/statistics: business days, both included (default: the last 30). */
export const partnerStatisticsQuerySchema = /* @__PURE__ */ schema(() =>
  z.object({
    from: z.optional(z.string().check(z.refine(isDayDate, 'dayDate'))),
    to: z.optional(z.string().check(z.refine(isDayDate, 'dayDate'))),
  }),
);

/** The partner API's key, in its own header. */
export const partnerApiHeadersSchema = /* @__PURE__ */ schema(() =>
  z.object({
    'x-partner-key': z.string().check(z.minLength(1, 'partnerKey'), z.maxLength(200, 'partnerKey')),
  }),
);

export const partnerDaySchema = /* @__PURE__ */ schema(() =>
  z.object({
    day: z.string(),
    clicks: z.number(),
    /** Clients who registered through the link (counted when their address was verified). */
    registrations: z.number(),
    /** Deals of the partner's clients completed that day. */
    deals: z.number(),
    earned: z.string(),
  }),
);

export const partnerPayoutSchema = /* @__PURE__ */ schema(() =>
  z.object({
    id: z.string(),
    amount: z.string(),
    address: z.string(),
    status: z.enum(['requested', 'paid', 'rejected']),
    createdAt: z.string(),
    decidedAt: z.nullable(z.string()),
    txHash: z.nullable(z.string()),
    reason: z.nullable(z.string()),
  }),
);
export type PartnerPayoutView = z.infer<typeof partnerPayoutSchema>;

export const partnerBalanceSchema = /* @__PURE__ */ schema(() =>
  z.object({ available: z.string(), pending: z.string(), paid: z.string(), earned: z.string() }),
);

const effectiveTermsSchema = () =>
  z.object({
    /** Terms for every direction not listed, and whether they are the partner's own or the defaults. */
    all: partnerTermsSchema,
    own: z.boolean(),
    directions: z.array(directionTermsSchema),
  });

/** GET /partner: the signed-in client's link, terms, balance, days, payouts and key. */
/** A partner's figures through links with one of their sub-ids (`&sub=`), over a period. */
export const partnerSubIdSchema = /* @__PURE__ */ schema(() =>
  z.object({ subId: z.string(), clicks: z.number(), deals: z.number(), earned: z.string() }),
);

export const partnerOverviewSchema = /* @__PURE__ */ schema(() =>
  z.object({
    code: z.nullable(z.string()),
    terms: effectiveTermsSchema(),
    monitorHosts: z.array(z.string()),
    balance: partnerBalanceSchema,
    minimumPayout: z.string(),
    days: z.array(partnerDaySchema),
    /** The same days' clicks, deals and earnings per sub-id, the busiest first. */
    subIds: z.array(partnerSubIdSchema),
    payouts: z.array(partnerPayoutSchema),
    apiKey: z.nullable(z.object({ hint: z.string(), createdAt: z.string() })),
    timeZone: z.string(),
  }),
);
export type PartnerOverview = z.infer<typeof partnerOverviewSchema>;

/** POST /partner/api-key: the new key, shown once (only its hash is kept). */
export const partnerApiKeySchema = /* @__PURE__ */ schema(() =>
  z.object({ key: z.string(), hint: z.string(), createdAt: z.string() }),
);

/** GET /partner-api/statistics. */
export const partnerStatisticsSchema = /* @__PURE__ */ schema(() =>
  z.object({
    from: z.string(),
    to: z.string(),
    timeZone: z.string(),
    days: z.array(partnerDaySchema),
    totals: z.object({
      clicks: z.number(),
      registrations: z.number(),
      deals: z.number(),
      earned: z.string(),
    }),
    /** The period's clicks, deals and earnings per sub-id, the busiest first. */
    subIds: z.array(partnerSubIdSchema),
    balance: partnerBalanceSchema,
  }),
);

/** GET /partner-api/payouts. */
export const partnerPayoutsSchema = /* @__PURE__ */ schema(() =>
  z.object({ payouts: z.array(partnerPayoutSchema) }),
);

export const adminPartnerSchema = /* @__PURE__ */ schema(() =>
  z.object({
    userId: z.string(),
    email: z.nullable(z.string()),
    code: z.nullable(z.string()),
    terms: z.nullable(partnerTermsSchema),
    directionTerms: z.array(directionTermsSchema),
    monitorHosts: z.array(z.string()),
    balance: partnerBalanceSchema,
    createdAt: z.string(),
  }),
);
export type AdminPartnerView = z.infer<typeof adminPartnerSchema>;

export const adminPartnerPayoutSchema = /* @__PURE__ */ schema(() =>
  z.object({
    ...partnerPayoutSchema.shape,
    partnerId: z.string(),
    partnerEmail: z.nullable(z.string()),
    /** Checked against the USDT blacklist when asked for; false: the provider did not answer; null: before the check. */
    screened: z.nullable(z.boolean()),
  }),
);

/** The default terms: the settings' for all directions, and some directions' own. */
export const partnerDefaultTermsSchema = /* @__PURE__ */ schema(() =>
  z.object({ all: partnerTermsSchema, directions: z.array(directionTermsSchema) }),
);

/** GET /admin/partners: every partner, the default terms, and the payouts waiting for staff. */
export const adminPartnersSchema = /* @__PURE__ */ schema(() =>
  z.object({
    partners: z.array(adminPartnerSchema),
    defaults: partnerDefaultTermsSchema,
    openPayouts: z.array(adminPartnerPayoutSchema),
    /** The office's USDT wallets a payout may leave from. */
    wallets: z.array(z.string()),
    /** The business's time zone, which the payouts' times are shown in. */
    timeZone: z.string(),
  }),
);
export type AdminPartnersData = z.infer<typeof adminPartnersSchema>;
