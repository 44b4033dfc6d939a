import * as z from 'zod/mini';
import { BREAKDOWNS, FUNNEL_STEPS, OUTCOMES, REPORTING_CURRENCIES } from '../reports';
import { schema } from '../schema';
import { visitSourceSchema } from './applications';
import { isDayDate, periodCheck } from './transactions';

/**
 * GET /admin/reports (docs/product.md "Reports"): a period of business days, both included, at most
 * a year, and optionally what to break its figures down by.
 */
export const reportQuerySchema = /* @__PURE__ */ schema(() =>
  z
    .object({
      from: z.string().check(z.refine(isDayDate, 'dayDate')),
      to: z.string().check(z.refine(isDayDate, 'dayDate')),
      breakdown: z.optional(z.enum(BREAKDOWNS)),
    })
    .check(periodCheck()),
);
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** An exact amount of one currency, as decimal text. */
const currencyAmountSchema = z.object({ currency: z.string(), amount: z.string() });

/** A duration's nearest-rank median and 90th percentile in seconds (exact below 10 s, within 10 % above), of `count` deals. */
const durationSchema = z.object({
  count: z.number(),
  median: z.nullable(z.number()),
  p90: z.nullable(z.number()),
});

const countsOf = <T extends string>(names: readonly T[]) =>
  z.object(Object.fromEntries(names.map((name) => [name, z.number()])) as Record<T, z.ZodMiniNumber>);

/** A period's figures: of the whole business, or of one value of a breakdown. */
export const reportFiguresSchema = /* @__PURE__ */ schema(() =>
  z.object({
    /** Deals created in the period, and how many of them reached each step so far. */
    funnel: countsOf(FUNNEL_STEPS),
    /** Deals that ended in the period, by how. */
    outcomes: countsOf(OUTCOMES),
    /** What completed deals moved per currency (both sides), and earned per fiat currency. */
    turnover: z.array(currencyAmountSchema),
    profit: z.array(currencyAmountSchema),
    /** Turnover and profit over every currency in the reporting currency; deals it could not count. */
    reporting: z.object({
      currency: z.enum(REPORTING_CURRENCIES),
      turnover: z.string(),
      profit: z.string(),
      /** Partners' shares of the deals they brought (the whole business's; 0 in a breakdown's row), and the profit less them. */
      partnerShares: z.string(),
      profitAfterShares: z.string(),
      dealsLeftOut: z.number(),
    }),
    /** Completed deals with no market rate at completion, so no profit. */
    dealsWithoutProfit: z.number(),
    /**
     * Completed deals' size on their USDT side: the average (exact, to the cent) and the median
     * (within 1 %; the whole business's only, null in a breakdown's row).
     */
    ticket: z.object({ count: z.number(), average: z.nullable(z.string()), median: z.nullable(z.string()) }),
    /** Completed deals of clients completing their first deal, and of clients who had completed one before. */
    clients: z.object({ new: z.number(), returning: z.number() }),
    /**
     * Arrivals that said where they came from (a monitor's link, a campaign, another site: POST
     * /visits), on their business day; visits without a source are not counted.
     */
    clicks: z.number(),
    /** From created to taken, and from the payment standing to the first payout. */
    times: z.object({ toTake: durationSchema, toPayout: durationSchema }),
  }),
);
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

/** A name in both languages (a city's; an account's or a staff member's the same in both). */
const labelSchema = z.nullable(z.object({ ru: z.string(), en: z.string() }));

export const reportSchema = /* @__PURE__ */ schema(() =>
  z.object({
    from: z.string(),
    to: z.string(),
    timeZone: z.string(),
    figures: reportFiguresSchema,
    /** The period before (as many whole months, else as many days) and its figures. */
    previous: z.object({ from: z.string(), to: z.string(), figures: reportFiguresSchema }),
    /** Turnover and profit in the reporting currency per day (a period of up to 62 days) or per month. */
    series: z.array(z.object({ period: z.string(), turnover: z.string(), profit: z.string() })),
    breakdown: z.nullable(
      z.object({
        by: z.enum(BREAKDOWNS),
        rows: z.array(z.object({ value: z.string(), label: labelSchema, figures: reportFiguresSchema })),
      }),
    ),
  }),
);
export type Report = z.infer<typeof reportSchema>;

/** Money in the reporting currency and per currency. */
const moneyFigureSchema = z.object({ reporting: z.string(), byCurrency: z.array(currencyAmountSchema) });

/**
 * GET /admin/dashboard/today (docs/product.md "Reports"): the business day so far, from the same
 * rollups as the reports, and the deals and USDT waiting now. Profit is null below ADMIN: a MANAGER
 * sees volumes and their own figures, not what the office earned.
 */
export const dashboardTodaySchema = /* @__PURE__ */ schema(() =>
  z.object({
    day: z.string(),
    timeZone: z.string(),
    reportingCurrency: z.enum(REPORTING_CURRENCIES),
    turnover: moneyFigureSchema,
    profit: z.nullable(moneyFigureSchema),
    completed: z.number(),
    /** Deals open now: waiting for the client's money; paid and not yet fully paid out. */
    waitingPayment: z.number(),
    awaitingPayout: z.number(),
    /** USDT transfers waiting for staff on the review list, and their sum (`more`: beyond those read). */
    review: z.object({ transfers: z.number(), amount: z.string(), more: z.boolean() }),
    /** What the caller completed today as the deal's staff member. */
    own: z.object({ completed: z.number(), turnover: z.string() }),
    /** The last seven business days, today last, in the reporting currency (profit null below ADMIN). */
    week: z.array(z.object({ day: z.string(), turnover: z.string(), profit: z.nullable(z.string()) })),
  }),
);
export type DashboardToday = z.infer<typeof dashboardTodaySchema>;

/**
 * POST /visits: a visitor arrived saying where from (shared/visit-source.ts), counted as a click of
 * that source on the business day. A source that says nothing is refused: a direct visit is no click.
 */
export const recordVisitBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    source: visitSourceSchema.check(
      z.refine((source) => Object.keys(source).length > 0, 'visitSourceInvalid'),
    ),
  }),
);
export type RecordVisitBody = z.infer<typeof recordVisitBodySchema>;

/** Whether the click was counted: not beyond an address's hourly number of them. */
export const visitRecordedSchema = /* @__PURE__ */ schema(() => z.object({ counted: z.boolean() }));
