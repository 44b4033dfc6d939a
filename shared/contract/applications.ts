import * as z from 'zod/mini';
import { amountDecimals, assetKeySchema } from '../assets';
import {
  ADMIN_NOTE_MAX_LENGTH,
  DETAILS_MAX_LENGTH,
  ORIGIN_FUNDS_VALUE,
  RATE_SOURCES,
  TELEGRAM_CONTACT_MIN_LENGTH,
} from '../constants';
import { applicationStatusSchema, requestTypeSchema, roleSchema, staffSettableStatusSchema } from '../enums';
import { refusalParamsSchema } from '../envelope';
import { geoKeySchema } from '../geo';
import { STAFF_DEAL_ACTIONS } from '../lifecycle';
import { AMOUNT_DECIMALS, hasAtMostDecimals } from '../numbers';
import { pagedSchema, pageQuerySchema, sortOrderSchema } from '../paging';
import { preprocess } from '../preprocess';
import { SBP_BANK_IDS } from '../sbp-banks';
import { schema } from '../schema';
import { isTelegramContact } from '../telegram';
import { VISIT_SOURCE_MAX_LENGTH, VISIT_SOURCE_RULES, type VisitSourceField } from '../visit-source';
import { dealChainTransferSchema } from './chain';
import { completionSnapshotSchema } from './completion';
import {
  clientActionSchema,
  clientPaidViewSchema,
  dealMoneyViewSchema,
  instructionsViewSchema,
  paymentHoldSchema,
  payoutDetailsViewSchema,
  payoutKindSchema,
  staffPayoutDetailsViewSchema,
  staffRecordViewSchema,
  timelineEntrySchema,
} from './deal';

/** Query values the web may send empty (`?status=`) count as absent. */
export function optionalQueryText(maxLength: number) {
  return preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.optional(z.string().check(z.trim(), z.maxLength(maxLength))),
  );
}

export const applicationIdParamsSchema = /* @__PURE__ */ schema(() =>
  z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) }),
);

export const MAX_OPEN_APPLICATIONS = 5;
export const REJECTION_REASON_MAX_LENGTH = 1000;
/** The largest amount accepted in any currency. */
export const MAX_AMOUNT = 1e12;

export const contactTelegramSchema = /* @__PURE__ */ schema(() =>
  z.pipe(
    z.pipe(
      z.string({ error: 'required' }).check(z.maxLength(100)),
      z.transform((value) => value.trim()),
    ),
    z
      .string()
      .check(
        z.minLength(TELEGRAM_CONTACT_MIN_LENGTH, { error: 'telegramTooShort', abort: true }),
        z.refine(isTelegramContact, 'telegramFormat'),
      ),
  ),
);

/**
 * Each check aborts, so an amount gets one error and a body's own check of it (amountOfSourceAsset)
 * runs only once the amount passed these.
 */
function amountRules(decimals: number) {
  return z.number({ error: 'amountInvalid' }).check(
    z.positive({ error: 'amountInvalid', abort: true }),
    z.lte(MAX_AMOUNT, { error: 'amountTooLarge', abort: true }),
    z.refine((value) => hasAtMostDecimals(value, decimals), {
      error: 'amountDecimals',
      params: { decimals },
      abort: true,
    }),
  );
}

export const amountSchema = /* @__PURE__ */ schema(() => amountRules(AMOUNT_DECIMALS));

/**
 * The amount of a standard application in its source asset (2 decimals for fiat, 6 for USDT): checked
 * by the server after the body and by the apply form before it submits, with the same texts.
 */
export function standardAmountSchema(assetFrom: string) {
  return amountRules(amountDecimals(assetFrom));
}

/**
 * The amount rule of a body that names its source asset, reported on `amount`: standardAmountSchema
 * of that asset. The one check of both POST /applications and POST /rates/calculate, so nothing is
 * quoted that an application would refuse.
 */
export function amountOfSourceAsset() {
  return z.superRefine((body: { assetFrom: string; amount: number }, context) => {
    const issue = standardAmountSchema(body.assetFrom).safeParse(body.amount).error?.issues[0];
    if (issue) {
      const params = issue.code === 'custom' ? issue.params : undefined;
      context.addIssue({
        code: 'custom',
        path: ['amount'],
        message: issue.message,
        ...(params ? { params } : {}),
      });
    }
  });
}

/** Where the client came from (shared/visit-source.ts), as their browser kept it: every field optional. */
export const visitSourceSchema = /* @__PURE__ */ schema(() =>
  z.strictObject(
    Object.fromEntries(
      (Object.keys(VISIT_SOURCE_RULES) as VisitSourceField[]).map((field) => [
        field,
        z.optional(
          z
            .string()
            .check(
              z.maxLength(VISIT_SOURCE_MAX_LENGTH[field], 'visitSourceInvalid'),
              z.regex(VISIT_SOURCE_RULES[field], 'visitSourceInvalid'),
            ),
        ),
      ]),
    ) as Record<VisitSourceField, z.ZodMiniOptional<z.ZodMiniString>>,
  ),
);

/**
 * The order form's acknowledgement that the funds may be held for an AML check (docs/product.md
 * "The order form"): required, and only `true` is accepted.
 */
export const amlAcknowledgedSchema = /* @__PURE__ */ schema(() =>
  z.literal(true, { error: 'amlAcknowledgementRequired' }),
);

export const standardApplicationBodySchema = /* @__PURE__ */ schema(() =>
  z
    .strictObject({
      requestType: z.literal('STANDARD'),
      continent: geoKeySchema,
      country: geoKeySchema,
      city: geoKeySchema,
      assetFrom: assetKeySchema,
      assetTo: assetKeySchema,
      amount: amountSchema,
      contactTelegram: contactTelegramSchema,
      amlAcknowledged: amlAcknowledgedSchema,
      originFunds: z._default(z.string().check(z.trim(), z.maxLength(200)), ORIGIN_FUNDS_VALUE),
      source: z.optional(visitSourceSchema),
      /** The client's card (GET /verification) they pay from, when they give a card asset. */
      payerCardId: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
    })
    .check(amountOfSourceAsset()),
);

export const individualApplicationBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    requestType: z.literal('INDIVIDUAL'),
    details: z
      .string({ error: 'required' })
      .check(z.trim(), z.minLength(1, 'required'), z.maxLength(DETAILS_MAX_LENGTH, 'detailsTooLong')),
    contactTelegram: contactTelegramSchema,
    amlAcknowledged: amlAcknowledgedSchema,
    source: z.optional(visitSourceSchema),
  }),
);

/** A retried submit with the same key returns the first answer's application (see docs/decisions.md). */
export const createApplicationHeadersSchema = /* @__PURE__ */ schema(() =>
  z.object({
    'idempotency-key': z.optional(
      z.string().check(z.regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'idempotencyKeyFormat')),
    ),
  }),
);

export const createApplicationBodySchema = /* @__PURE__ */ schema(() =>
  z.discriminatedUnion('requestType', [standardApplicationBodySchema, individualApplicationBodySchema]),
);
export type CreateApplicationBody = z.infer<typeof createApplicationBodySchema>;
export type StandardApplicationBody = z.infer<typeof standardApplicationBodySchema>;

/** The rate quoted when the application was created, kept with it. */
export const rateSnapshotSchema = /* @__PURE__ */ schema(() =>
  z.object({
    rate: z.number(),
    markupPercent: z.number(),
    usdValueFrom: z.number(),
    usdValueTo: z.number(),
    quotedAt: z.string(),
    /** Until when the quoted rate is guaranteed (setting quoteLockMinutes); absent on older applications. */
    lockedUntil: z.optional(z.string()),
    /** Whether the rate followed the market or staff's values; absent on older applications. */
    source: z.optional(z.enum(RATE_SOURCES)),
    /**
     * The typed rate the deal was quoted at, as typed (`{ figure: '93.00', unit: 'USDT' }`): its
     * amounts convert from it exactly (shared/exact-rate.ts `exactRateOf`), not from `rate`.
     */
    fixedRate: z.optional(z.object({ figure: z.string(), unit: z.string() })),
  }),
);
export type RateSnapshot = z.infer<typeof rateSnapshotSchema>;

const payerCardSchema = () =>
  z.object({
    id: z.string(),
    bank: z.string(),
    last4: z.string(),
    holder: z.string(),
    verified: z.boolean(),
    verificationRequired: z.boolean(),
  });

/** An application as its owner sees it (no staff-only fields). */
export const applicationSchema = /* @__PURE__ */ schema(() =>
  z.object({
    id: z.string(),
    requestType: requestTypeSchema,
    status: applicationStatusSchema,
    amountFrom: z.nullable(z.number()),
    amountTo: z.nullable(z.number()),
    amountUSD: z.nullable(z.number()),
    assetFrom: z.nullable(z.string()),
    assetTo: z.nullable(z.string()),
    currencyFrom: z.nullable(z.string()),
    currencyTo: z.nullable(z.string()),
    continent: z.nullable(z.string()),
    country: z.nullable(z.string()),
    city: z.nullable(z.string()),
    details: z.nullable(z.string()),
    contactData: z.object({ telegram: z.string() }),
    originFunds: z.nullable(z.string()),
    rejectionReason: z.nullable(z.string()),
    rate: z.nullable(rateSnapshotSchema),
    /**
     * The card the client pays from, as it was when they applied (`verified` follows staff's
     * approval of it); `verificationRequired`: the direction asks for a verified card, and staff
     * issue no instructions until it is. Absent on applications without one.
     */
    payerCard: z.optional(z.nullable(payerCardSchema())),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type ApplicationView = z.infer<typeof applicationSchema>;

/**
 * One application on its owner's order page (GET /applications/{id}): the deal so far, its
 * timeline, and what the owner may do now (docs/product.md §4 "The deal").
 */
export const applicationDetailSchema = /* @__PURE__ */ schema(() =>
  z.extend(applicationSchema, {
    timeline: z.array(timelineEntrySchema),
    instructions: z.nullable(instructionsViewSchema),
    /** What the owner gives where they receive: an address, a card, or nothing (cash). */
    payoutKind: payoutKindSchema,
    payoutDetails: z.nullable(payoutDetailsViewSchema),
    /**
     * The SBP banks a card payout may go to instead of the card, by phone number (the direction's
     * `sbpBanks`, ids of shared/sbp-banks.ts); empty: a card only, or not a card payout.
     */
    sbpBanks: z.array(z.enum(SBP_BANK_IDS)),
    clientPaid: z.nullable(clientPaidViewSchema),
    /**
     * The payout as staff recorded it: when, and a USDT payout's transaction hash (the client
     * follows it on a block explorer). Staff's note on a card or cash payout stays staff's.
     */
    payout: z.nullable(z.object({ at: z.string(), txHash: z.nullable(z.string()) })),
    /** What arrived against what was asked: "short by X", a late payment's new quote. */
    money: dealMoneyViewSchema,
    /** The payment is being checked (ON_HOLD): since when, and when to expect staff's answer. */
    hold: z.nullable(z.object({ at: z.string(), expectedBy: z.string() })),
    allowedActions: z.array(clientActionSchema),
    unreadMessages: z.number(),
  }),
);
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;

/** The application in the admin table: the owner's email and telegramId, the assignee's username. */
export const adminApplicationSchema = /* @__PURE__ */ schema(() =>
  z.extend(applicationSchema, {
    userId: z.string(),
    user: z.nullable(z.object({ email: z.string(), telegramId: z.nullable(z.string()) })),
    assignedToId: z.nullable(z.string()),
    assignedTo: z.nullable(z.string()),
    adminNote: z.nullable(z.string()),
    /** Messages of the client staff have not read yet (the thread, docs/product.md §4). */
    unreadMessages: z.number(),
  }),
);
export type AdminApplicationView = z.infer<typeof adminApplicationSchema>;

export const statusHistoryEntrySchema = /* @__PURE__ */ schema(() =>
  z.object({
    from: z.nullable(applicationStatusSchema),
    to: applicationStatusSchema,
    at: z.string(),
    actorId: z.nullable(z.string()),
    actorRole: z.union([roleSchema, z.literal('SYSTEM')]),
    /** Who actorId is: username, else email (the staff view; null for the system or an account not found). */
    actorName: z.optional(z.nullable(z.string())),
    reason: z.nullable(z.string()),
    /** What the move carried: a transaction hash, a note, a deadline. */
    details: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  }),
);
export type StatusHistoryEntry = z.infer<typeof statusHistoryEntrySchema>;

/** One recorded staff action (on an application or a user): who, when, before and after. */
export const auditEntrySchema = /* @__PURE__ */ schema(() =>
  z.object({
    at: z.string(),
    /** A staff member's id, or `system` (the jobs, the chain watcher), whose role is SYSTEM. */
    actorId: z.string(),
    actorRole: z.union([roleSchema, z.literal('SYSTEM')]),
    /** Who actorId is: username, else email (null for an account not found). */
    actorName: z.optional(z.nullable(z.string())),
    action: z.string(),
    before: z.nullable(z.record(z.string(), z.unknown())),
    after: z.nullable(z.record(z.string(), z.unknown())),
  }),
);

export const adminApplicationDetailSchema = /* @__PURE__ */ schema(() =>
  z.extend(adminApplicationSchema, {
    history: z.array(statusHistoryEntrySchema),
    audit: z.array(auditEntrySchema),
    /**
     * The name of each payment template the deal names (its instructions, its history), by id, so
     * staff read names, never ids; a deleted template is not there.
     */
    templateNames: z.record(z.string(), z.string()),
    /** The deal: instructions, where the client receives (the card in full), payments and payout. */
    instructions: z.nullable(z.extend(instructionsViewSchema, { templateId: z.nullable(z.string()) })),
    payoutKind: payoutKindSchema,
    payoutDetails: z.nullable(staffPayoutDetailsViewSchema),
    clientPaid: z.nullable(clientPaidViewSchema),
    paymentConfirmation: z.nullable(staffRecordViewSchema),
    payout: z.nullable(staffRecordViewSchema),
    /** A payout that came back, as an ADMIN recorded it (once per deal): the payout as it was. */
    payoutReversal: z.nullable(
      z.object({
        at: z.string(),
        by: z.string(),
        reference: z.string(),
        reason: z.string(),
        payout: staffRecordViewSchema,
      }),
    ),
    refund: z.nullable(staffRecordViewSchema),
    money: dealMoneyViewSchema,
    /** A USDT payment held for staff's check: why, the score and signals, the sender; and its release. */
    hold: z.nullable(paymentHoldSchema),
    /**
     * The deal's USDT transfers as the chain watcher recorded them, oldest first: what arrived, when,
     * its hash, and whether it paid the deal or waits for staff (under- or overpaid, late).
     */
    chainTransfers: z.array(dealChainTransferSchema),
    /** A completed deal's market rate at completion and its profit (null until it completes). */
    completion: z.nullable(completionSnapshotSchema),
    /** Where the client came from when they applied (null: nothing said, or applied before it was kept). */
    source: z.nullable(visitSourceSchema),
    /** What the staff member who asked may do on the deal now (the lifecycle's guards, on the server). */
    allowedActions: z.array(z.enum(STAFF_DEAL_ACTIONS)),
    /**
     * For a standard application: whether its quote's window is still open, and the direction's
     * rate now (null while it is paused or unpublished, with the reason) beside the locked one.
     */
    quoteLock: z.nullable(
      z.object({
        lockedUntil: z.string(),
        open: z.boolean(),
        currentRate: z.nullable(z.number()),
        currentRefusal: z.nullable(z.string()),
        /** The refusal's code and params (the envelope's), so the page says it in its language. */
        currentRefusalCode: z.optional(z.nullable(z.string())),
        currentRefusalParams: z.optional(refusalParamsSchema),
      }),
    ),
  }),
);
export type AdminApplicationDetail = z.infer<typeof adminApplicationDetailSchema>;

const cursorSchema = /* @__PURE__ */ schema(() => optionalQueryText(300));

export const listMyApplicationsQuerySchema = /* @__PURE__ */ schema(() =>
  z.object({
    ...pageQuerySchema(50, 10),
    cursor: cursorSchema,
    sortBy: z._default(z.enum(['createdAt']), 'createdAt'),
    sortOrder: z._default(sortOrderSchema, 'desc'),
  }),
);
export type ListMyApplicationsQuery = z.infer<typeof listMyApplicationsQuerySchema>;

/** A page of a list; `nextCursor` continues from its last item (cheaper than a page number). */
export function cursorPagedSchema<T extends z.ZodMiniType>(item: T) {
  return z.extend(pagedSchema(item), { nextCursor: z.nullable(z.string()) });
}

export const myApplicationsPageSchema = /* @__PURE__ */ schema(() => cursorPagedSchema(applicationSchema));

export const ADMIN_SORT_FIELDS = ['createdAt', 'amountFrom', 'status'] as const;
export const listAdminApplicationsQuerySchema = /* @__PURE__ */ schema(() =>
  z.object({
    ...pageQuerySchema(100, 10),
    cursor: cursorSchema,
    sortBy: z._default(z.enum(ADMIN_SORT_FIELDS), 'createdAt'),
    sortOrder: z._default(sortOrderSchema, 'desc'),
    search: optionalQueryText(100),
    status: preprocess((value) => (value === '' ? undefined : value), z.optional(applicationStatusSchema)),
    userId: optionalQueryText(100),
  }),
);
export type ListAdminApplicationsQuery = z.infer<typeof listAdminApplicationsQuerySchema>;

export const adminApplicationsPageSchema = /* @__PURE__ */ schema(() =>
  z.extend(cursorPagedSchema(adminApplicationSchema), {
    /** Set when sorting or searching covered only the newest `window` applications of the filter. */
    window: z.nullable(z.number().check(z.int())),
    /**
     * What a free-text search was read as (docs/decisions.md): an id prefix (8+ hex characters), a
     * known currency code (a whole token of the given or received asset), the geo keys of the places
     * whose name it is, an email or Telegram handle (or its start), an amount; null without a search.
     */
    matched: z.optional(
      z.nullable(
        z.object({
          idPrefix: z.nullable(z.string()),
          currency: z.nullable(z.string()),
          places: z.array(z.string()),
          /** An email or Telegram handle, or its start, lower case (the owner's email, the Telegram contact). */
          contact: z.nullable(z.string()),
          /** A decimal amount ("1000.5"), equal to the given or the received amount. */
          amount: z.nullable(z.string()),
        }),
      ),
    ),
  }),
);
export type AdminSearchMatch = NonNullable<z.infer<typeof adminApplicationsPageSchema>['matched']>;

export const changeStatusBodySchema = /* @__PURE__ */ schema(() =>
  z
    .strictObject({
      status: staffSettableStatusSchema,
      rejectionReason: z.optional(z.string().check(z.maxLength(REJECTION_REASON_MAX_LENGTH))),
      /** The status the staff member saw; the change applies only if it is still the current one. */
      expectedStatus: z.optional(applicationStatusSchema),
      /**
       * Completing after the quote's lock ended: staff saw both amounts (the 409's `data`,
       * expiredQuoteSchema) and pay out the locked one. Not needed within the lock.
       */
      acceptExpiredQuote: z.optional(z.boolean()),
    })
    .check(
      z.superRefine((body, context) => {
        if (body.status === 'REJECTED' && !body.rejectionReason?.trim()) {
          context.addIssue({
            code: 'custom',
            path: ['rejectionReason'],
            message: 'rejectionReasonRequired',
          });
        }
        if (body.acceptExpiredQuote && body.status !== 'COMPLETED') {
          context.addIssue({
            code: 'custom',
            path: ['acceptExpiredQuote'],
            message: 'acceptExpiredQuoteOnlyCompleting',
          });
        }
      }),
    ),
);
export type ChangeStatusBody = z.infer<typeof changeStatusBodySchema>;

/**
 * A standard application whose quote's lock has ended, as staff completing it must see it: the
 * amount it pays out at the locked rate and what a fresh quote gives now (null while the direction
 * is not quoted, with the reason). The `data` of the 409 that asks for `acceptExpiredQuote`, and
 * what the audit entry of such a completion records (`after.acceptedExpiredQuote`).
 */
export const expiredQuoteSchema = /* @__PURE__ */ schema(() =>
  z.object({
    lockedUntil: z.string(),
    assetTo: z.string(),
    currencyTo: z.string(),
    lockedRate: z.number(),
    lockedAmountTo: z.number(),
    currentRate: z.nullable(z.number()),
    currentAmountTo: z.nullable(z.number()),
    currentRefusal: z.nullable(z.string()),
    /** The refusal's code and params (the envelope's), so the page says it in its language. */
    currentRefusalCode: z.optional(z.nullable(z.string())),
    currentRefusalParams: z.optional(refusalParamsSchema),
  }),
);
export type ExpiredQuote = z.infer<typeof expiredQuoteSchema>;

export const updateDetailsBodySchema = /* @__PURE__ */ schema(() =>
  z
    .strictObject({
      adminNote: z.optional(z.nullable(z.string().check(z.maxLength(ADMIN_NOTE_MAX_LENGTH, 'noteTooLong')))),
      assignedToId: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(100)))),
    })
    .check(
      z.refine((body) => body.adminNote !== undefined || body.assignedToId !== undefined, {
        message: 'detailsChangeEmpty',
      }),
    ),
);
export type UpdateDetailsBody = z.infer<typeof updateDetailsBodySchema>;
