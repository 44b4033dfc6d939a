import * as z from 'zod/mini';
import { assetKeySchema, valuedCurrencySchema } from '../assets';
import { LEDGER_ENTRY_KINDS, OFFICE_ACCOUNT_KINDS } from '../ledger';
import { schema } from '../schema';
import { tronAddressChecks } from '../tron-address';
import { isDayDate } from './transactions';

/**
 * The books (docs/product.md "Accounts and the books"): the office's accounts with their balances,
 * staff's opening balances, adjustments and transfers with a written reason, an account's trail,
 * and a business day's figures per account, counted and closed. Amounts travel as decimal strings
 * ("1234.56", "-0.5"), exact, in the account's currency.
 */

/** A signed decimal amount as typed ("1 234,56" is the web's to turn into "1234.56"). */
const AMOUNT_TEXT = /^-?\d{1,15}(\.\d{1,6})?$/;

const amountText = () =>
  z.string({ error: 'required' }).check(z.trim(), z.regex(AMOUNT_TEXT, 'ledgerAmount'));

const reason = () =>
  z
    .string({ error: 'ledgerReasonRequired' })
    .check(z.trim(), z.minLength(3, 'ledgerReasonRequired'), z.maxLength(500, 'ledgerReasonTooLong'));

export const ledgerAccountParamsSchema = /* @__PURE__ */ schema(() =>
  z.object({ id: z.string().check(z.minLength(1), z.maxLength(120)) }),
);

export const ledgerDayParamsSchema = /* @__PURE__ */ schema(() =>
  z.object({ day: z.string().check(z.refine(isDayDate, 'dayDate')) }),
);

export const ledgerDayAccountParamsSchema = /* @__PURE__ */ schema(() =>
  z.object({
    day: z.string().check(z.refine(isDayDate, 'dayDate')),
    id: z.string().check(z.minLength(1), z.maxLength(120)),
  }),
);

/** POST /admin/ledger/accounts: a place money is held, opened empty (its opening balance is an entry). */
export const ledgerAccountBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    name: z
      .string({ error: 'required' })
      .check(z.trim(), z.minLength(1, 'required'), z.maxLength(80, 'accountNameTooLong')),
    kind: z.enum(OFFICE_ACCOUNT_KINDS, { error: 'accountKind' }),
    currency: valuedCurrencySchema,
    /** The asset keys it takes in and pays out: the directions whose reserve it counts in. */
    assets: z.array(assetKeySchema).check(z.minLength(1, 'required'), z.maxLength(10)),
    office: z.optional(z.nullable(z.string().check(z.maxLength(80)))),
    address: z.optional(z.nullable(z.string().check(...tronAddressChecks()))),
  }),
);
export type LedgerAccountBody = z.infer<typeof ledgerAccountBodySchema>;

/**
 * POST /admin/ledger/accounts/{id}/adjustments: a correction of the account with a written reason
 * (a counted difference, a bank fee), or its opening balance (`opening`: only while it has no
 * postings). Signed: negative takes money out of the account.
 */
export const ledgerAdjustmentBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    amount: amountText(),
    reason: reason(),
    opening: z.optional(z.boolean()),
  }),
);
export type LedgerAdjustmentBody = z.infer<typeof ledgerAdjustmentBodySchema>;

/** POST /admin/ledger/transfers: money moved between two office accounts of one currency. */
export const ledgerTransferBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    from: z.string().check(z.minLength(1, 'required')),
    to: z.string().check(z.minLength(1, 'required')),
    amount: amountText(),
    reason: reason(),
  }),
);
export type LedgerTransferBody = z.infer<typeof ledgerTransferBodySchema>;

/** PUT /admin/ledger/days/{day}/counts/{id}: what staff counted in the desk, or the statement's closing balance. */
export const ledgerCountBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({ counted: amountText(), note: z.optional(z.string().check(z.maxLength(500))) }),
);
export type LedgerCountBody = z.infer<typeof ledgerCountBodySchema>;

/** An account as staff see it, with its balance now. */
export const ledgerAccountSchema = /* @__PURE__ */ schema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    kind: z.string(),
    /** `office`: a place money is held; `books`: what clients are owed, the exchange, corrections, equity. */
    side: z.enum(['office', 'books']),
    currency: z.string(),
    assets: z.array(z.string()),
    office: z.nullable(z.string()),
    address: z.nullable(z.string()),
    balance: z.string(),
    postings: z.number(),
    /**
     * A USDT wallet's balance read from the chain now (`balanceOf` through the provider) beside
     * the booked one, and the difference chain − booked ("0.000000" when they agree); both null
     * when the chain could not be read (unavailable). Absent for other accounts.
     */
    chain: z.optional(z.object({ balance: z.nullable(z.string()), difference: z.nullable(z.string()) })),
  }),
);
export type LedgerAccountView = z.infer<typeof ledgerAccountSchema>;

/** GET /admin/ledger/accounts: every account, and per currency whether the books sum to zero. */
export const ledgerAccountsDataSchema = /* @__PURE__ */ schema(() =>
  z.object({
    accounts: z.array(ledgerAccountSchema),
    currencies: z.array(
      z.object({
        currency: z.string(),
        /** What the office's accounts hold. */
        held: z.string(),
        /** The sum of every account of the currency: "0" when the books balance. */
        sum: z.string(),
      }),
    ),
    /** The business's time zone (the setting businessTimeZone): the page's "today" and times are in it. */
    timeZone: z.optional(z.string()),
  }),
);
export type LedgerAccountsData = z.infer<typeof ledgerAccountsDataSchema>;

/** One line of an account's trail: an entry's posting on it. */
export const ledgerPostingSchema = /* @__PURE__ */ schema(() =>
  z.object({
    entryId: z.string(),
    kind: z.enum(LEDGER_ENTRY_KINDS),
    amount: z.string(),
    at: z.string(),
    day: z.string(),
    applicationId: z.nullable(z.string()),
    actorId: z.string(),
    /** The staff member's name, or "system" for the system's own entries. */
    actorName: z.string(),
    reason: z.nullable(z.string()),
    reference: z.nullable(z.string()),
  }),
);

/** GET /admin/ledger/accounts/{id}: the account and its trail, oldest first. */
export const ledgerAccountTrailSchema = /* @__PURE__ */ schema(() =>
  z.object({
    account: ledgerAccountSchema,
    postings: z.array(ledgerPostingSchema),
    /** The business's time zone, which the trail's times are written in. */
    timeZone: z.optional(z.string()),
  }),
);
export type LedgerAccountTrail = z.infer<typeof ledgerAccountTrailSchema>;

/** One office account's business day. */
export const ledgerDayAccountSchema = /* @__PURE__ */ schema(() =>
  z.object({
    accountId: z.string(),
    name: z.string(),
    currency: z.string(),
    opening: z.string(),
    in: z.string(),
    out: z.string(),
    adjusted: z.string(),
    closing: z.string(),
    /** What staff counted, the difference to `closing` (counted − closing), who and when; null until counted. */
    count: z.nullable(
      z.object({
        counted: z.string(),
        difference: z.string(),
        countedBy: z.string(),
        countedAt: z.string(),
        note: z.nullable(z.string()),
      }),
    ),
  }),
);

/** GET /admin/ledger/days/{day}: every office account's day, and whether (and by whom) it was closed. */
export const ledgerDaySchema = /* @__PURE__ */ schema(() =>
  z.object({
    day: z.string(),
    timeZone: z.string(),
    accounts: z.array(ledgerDayAccountSchema),
    closed: z.nullable(z.object({ closedBy: z.string(), closedAt: z.string() })),
  }),
);
export type LedgerDay = z.infer<typeof ledgerDaySchema>;
