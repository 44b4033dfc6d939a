import * as z from 'zod/mini';
import { valuedCurrencySchema } from '../assets';
import { shiftDay } from '../business-time';
import {
  TRANSACTIONS_DEFAULT_PERIOD_DAYS,
  TRANSACTIONS_MAX_PERIOD_DAYS,
  TRANSACTIONS_PAGE_LIMIT,
} from '../constants';
import { languageSchema } from '../enums';
import type { FieldRuleCode } from '../field-rules';
import { preprocess } from '../preprocess';
import { schema } from '../schema';
import { optionalQueryText } from './applications';

/**
 * The transaction history (docs/product.md §2): every confirmed movement of money on a deal — the
 * client's payment in, the office's payout, a refund of the client's payment — by period, currency
 * and direction, newest first, page by page or as a CSV file.
 */

/**
 * `in`: the client paid the office; `out`: the office paid the client; `refund`: the client's
 * payment returned; `reversal`: a payout came back to the office.
 */
export const MOVEMENT_DIRECTIONS = ['in', 'out', 'refund', 'reversal'] as const;
export type MovementDirectionName = (typeof MOVEMENT_DIRECTIONS)[number];
export const movementDirectionSchema = /* @__PURE__ */ schema(() => z.enum(MOVEMENT_DIRECTIONS));

const DAY_MS = 86_400_000;
const DAY_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day written YYYY-MM-DD that exists (no 2026-02-30). */
export function isDayDate(value: string): boolean {
  if (!DAY_DATE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00.000Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** Days from `from` to `to`, both included (a single day is 1). */
export function periodDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / DAY_MS) + 1;
}

/** The period the history shows when none is given: the last 30 days (UTC), today included. */
export function defaultPeriod(now: Date = new Date()): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  return { from: shiftDay(to, -(TRANSACTIONS_DEFAULT_PERIOD_DAYS - 1)), to };
}

/**
 * What is wrong with a period of two valid days, if anything: ending before it starts (on `to`), or
 * longer than TRANSACTIONS_MAX_PERIOD_DAYS (on `from`). The query schema, the server (for a period a
 * default completed) and the page's filter all ask this one rule.
 */
export function periodProblem(
  from: string,
  to: string,
): { field: 'from' | 'to'; code: Extract<FieldRuleCode, 'periodOrder' | 'periodTooLong'> } | null {
  if (from > to) return { field: 'to', code: 'periodOrder' };
  if (periodDays(from, to) > TRANSACTIONS_MAX_PERIOD_DAYS) return { field: 'from', code: 'periodTooLong' };
  return null;
}

const emptyIsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** The filters the list, the CSV and an export share; `from` and `to` are business days, both included. */
export function filterFields() {
  return {
    from: preprocess(emptyIsAbsent, z.optional(z.string().check(z.refine(isDayDate, 'dayDate')))),
    to: preprocess(emptyIsAbsent, z.optional(z.string().check(z.refine(isDayDate, 'dayDate')))),
    currency: preprocess(emptyIsAbsent, z.optional(valuedCurrencySchema)),
    direction: preprocess(emptyIsAbsent, z.optional(movementDirectionSchema)),
  };
}

/** Both days given: the period's own rule (a default completes a half-given period on the server). */
export function periodCheck() {
  return z.superRefine((query: { from?: string | undefined; to?: string | undefined }, context) => {
    if (!query.from || !query.to || !isDayDate(query.from) || !isDayDate(query.to)) return;
    const problem = periodProblem(query.from, query.to);
    if (problem) context.addIssue({ code: 'custom', path: [problem.field], message: problem.code });
  });
}

export const listTransactionsQuerySchema = /* @__PURE__ */ schema(() =>
  z
    .object({
      ...filterFields(),
      /** The `nextCursor` of the page before, for the same filters. */
      cursor: optionalQueryText(600),
      limit: z._default(
        z.coerce.number().check(z.int(), z.gte(1), z.lte(TRANSACTIONS_PAGE_LIMIT.max)),
        TRANSACTIONS_PAGE_LIMIT.default,
      ),
    })
    .check(periodCheck()),
);
export type ListTransactionsQuery = z.infer<typeof listTransactionsQuerySchema>;

/** The CSV's filters, and the reader's language (its dialect and headers; the caller's own when absent). */
export const exportTransactionsQuerySchema = /* @__PURE__ */ schema(() =>
  z
    .object({ ...filterFields(), language: preprocess(emptyIsAbsent, z.optional(languageSchema)) })
    .check(periodCheck()),
);
export type ExportTransactionsQuery = z.infer<typeof exportTransactionsQuerySchema>;

/** One movement as staff see it: the record, who recorded it by name, and the application's short id. */
export const transactionSchema = /* @__PURE__ */ schema(() =>
  z.object({
    /** `{applicationId}#{direction}`: each direction moves once per deal. */
    id: z.string(),
    applicationId: z.string(),
    /** The application's id as the admin applications table shows it (12 characters). */
    applicationShortId: z.string(),
    direction: movementDirectionSchema,
    amount: z.number(),
    /** The asset key (`card-EUR`, `usdt-trc20`) and the currency it is counted in (`EUR`, `USDT`). */
    asset: z.string(),
    currency: z.string(),
    /** A transaction hash, a receipt's attachment id or staff's reference. */
    reference: z.nullable(z.string()),
    note: z.nullable(z.string()),
    staffId: z.string(),
    /** The staff member's username, else email; null if the account is gone. */
    staffName: z.nullable(z.string()),
    at: z.string(),
    /** Recorded when a deal done face to face was completed, not as the money moved. */
    recordedAtCompletion: z.boolean(),
  }),
);
export type TransactionView = z.infer<typeof transactionSchema>;

/**
 * A page of the history, newest first. No total: counting would read the whole period. `period`
 * is the one read (the last 30 days when none was given).
 */
export const transactionsPageSchema = /* @__PURE__ */ schema(() =>
  z.object({
    items: z.array(transactionSchema),
    nextCursor: z.nullable(z.string()),
    /** Business days, both included. */
    period: z.object({ from: z.string(), to: z.string() }),
    /** The business's time zone (the setting businessTimeZone) the period's days are in. */
    timeZone: z.string(),
  }),
);
export type TransactionsPage = z.infer<typeof transactionsPageSchema>;
