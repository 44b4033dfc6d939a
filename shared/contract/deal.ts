import * as z from 'zod/mini';
import { DEAL_NOTE_MAX_LENGTH, INSTRUCTIONS_MAX_LENGTH, PAYMENT_WINDOW_MINUTES } from '../constants';
import { applicationStatusSchema } from '../enums';
import { CLIENT_ACTIONS } from '../lifecycle';
import { cardDigits, passesLuhn, sbpPhone, TRON_TX_HASH } from '../payout-details';
import { isSbpBank } from '../sbp-banks';
import { schema } from '../schema';
import { tronAddressChecks } from '../tron-address';

/** The deal on the site (docs/product.md §4 "The deal"): what staff and the client send and see. */

const dealNote = () =>
  z.optional(z.string().check(z.trim(), z.maxLength(DEAL_NOTE_MAX_LENGTH, 'dealNoteTooLong')));

/** The author id the server writes on what it recorded itself (a payment it confirmed on chain). */
export const SYSTEM_ID = 'system';

export const txHashSchema = /* @__PURE__ */ schema(() =>
  z.string().check(z.trim(), z.regex(TRON_TX_HASH, 'txHash')),
);

export const tronAddressSchema = /* @__PURE__ */ schema(() =>
  z.string().check(z.trim(), ...tronAddressChecks()),
);

/** A card number as typed (groups of digits), kept as its digits; Luhn-checked. */
export const cardNumberSchema = /* @__PURE__ */ schema(() =>
  z.pipe(
    z.string().check(z.maxLength(40, 'cardNumber')),
    z.pipe(z.transform(cardDigits), z.string().check(z.refine(passesLuhn, 'cardNumber'))),
  ),
);

/** A Russian phone number as typed (`8 999 123-45-67`), kept as `+7XXXXXXXXXX`. */
export const sbpPhoneSchema = /* @__PURE__ */ schema(() =>
  z.pipe(
    z.string().check(z.maxLength(30, 'sbpPhone')),
    z.pipe(
      z.transform((text: string) => sbpPhone(text) ?? ''),
      z.string().check(z.minLength(1, 'sbpPhone')),
    ),
  ),
);

/**
 * A bank of the product's SBP list (whether the deal's direction pays to it is the server's check);
 * a refinement, not an enum, so a wrong bank is answered on `bank` rather than as a body of no kind.
 */
export const sbpBankSchema = /* @__PURE__ */ schema(() =>
  z.string({ error: 'sbpBank' }).check(z.refine(isSbpBank, 'sbpBank')),
);

/**
 * PUT /applications/{id}/payout-details: a TRON address to receive USDT, a card number, or an SBP
 * phone number and bank.
 */
export const payoutDetailsBodySchema = /* @__PURE__ */ schema(() =>
  z.union([
    z.strictObject({ address: tronAddressSchema }),
    z.strictObject({ card: cardNumberSchema }),
    z.strictObject({ phone: sbpPhoneSchema, bank: sbpBankSchema }),
  ]),
);
export type PayoutDetailsBody = z.infer<typeof payoutDetailsBodySchema>;

/** POST /applications/{id}/paid: optionally the transaction's hash, or a receipt the thread holds. */
export const markPaidBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    txHash: z.optional(txHashSchema),
    receiptId: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  }),
);
export type MarkPaidBody = z.infer<typeof markPaidBodySchema>;

export const issueInstructionsBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    /** Staff's own text; empty or absent: the template's (its details, or the USDT address). */
    text: z.optional(
      z
        .string({ error: 'instructionsRequired' })
        .check(z.trim(), z.maxLength(INSTRUCTIONS_MAX_LENGTH, 'instructionsTooLong')),
    ),
    /** The payment template chosen; absent: the one already told on a reissue, else the pool's pick. */
    templateId: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
    paymentWindowMinutes: z.optional(
      z
        .number({ error: 'paymentWindowMinutes' })
        .check(
          z.int('paymentWindowMinutes'),
          z.gte(PAYMENT_WINDOW_MINUTES.min, 'paymentWindowMinutes'),
          z.lte(PAYMENT_WINDOW_MINUTES.max, 'paymentWindowMinutes'),
        ),
    ),
  }),
);
export type IssueInstructionsBody = z.infer<typeof issueInstructionsBodySchema>;

/** An amount of money as staff type it: a positive decimal ("88911", "999.5"), kept exact as text. */
/** An amount of money as the API takes it: up to 12 whole digits and 6 decimals, a point between. */
const AMOUNT_TEXT = /^\d{1,12}(\.\d{1,6})?$/;

const typedAmount = () =>
  z.optional(
    z.string({ error: 'movementAmount' }).check(
      z.trim(),
      z.regex(AMOUNT_TEXT, 'movementAmount'),
      z.refine((text) => Number(text) > 0, 'movementAmount'),
    ),
  );

/**
 * What the staff member saw recorded when they entered the next part (the detail's `money`): when
 * another part was recorded meanwhile, this one is refused rather than counted twice (absent: not
 * checked, for API clients that send none).
 */
const seenAmount = () =>
  z.optional(z.string({ error: 'movementAmount' }).check(z.regex(AMOUNT_TEXT, 'movementAmount')));

/**
 * POST /admin/applications/{id}/confirm-payment: what arrived (card and cash: as staff counted it,
 * pre-filled with what was asked; absent: all that is still asked), a note, and what had arrived
 * so far as the staff member saw it.
 */
export const confirmPaymentBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    note: dealNote(),
    amount: typedAmount(),
    seenReceived: seenAmount(),
    /** The payer's name as the bank shows it; compared with the verified holder of the deal's payer card. */
    payerName: z.optional(z.string().check(z.trim(), z.maxLength(120, 'cardHolderTooLong'))),
  }),
);
export type ConfirmPaymentBody = z.infer<typeof confirmPaymentBodySchema>;

/** The payout's transaction hash, or a note (a cash handover, a bank reference): one of them. */
export const recordPayoutBodySchema = /* @__PURE__ */ schema(() =>
  z
    .strictObject({
      txHash: z.optional(txHashSchema),
      note: dealNote(),
      amount: typedAmount(),
      seenPaidOut: seenAmount(),
    })
    .check(
      z.refine((body) => Boolean(body.txHash || body.note), {
        message: 'payoutReferenceRequired',
        path: ['txHash'],
      }),
    ),
);
export type RecordPayoutBody = z.infer<typeof recordPayoutBodySchema>;

/** Where a refund was sent: an address or a card, as staff typed it (optional for older pages). */
const refundDestination = () => z.optional(z.string().check(z.trim(), z.maxLength(200, 'dealNoteTooLong')));

export const recordRefundBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    reference: z
      .string({ error: 'refundReferenceRequired' })
      .check(z.trim(), z.minLength(1, 'refundReferenceRequired'), z.maxLength(200, 'dealNoteTooLong')),
    note: dealNote(),
    destination: refundDestination(),
    /**
     * A USDT refund sent back less the network fee: the fee the office keeps (the refund is what
     * the deal holds less it). Absent or 0: all of it goes back.
     */
    networkFee: z.optional(
      z.string({ error: 'movementAmount' }).check(z.trim(), z.regex(AMOUNT_TEXT, 'movementAmount')),
    ),
  }),
);
export type RecordRefundBody = z.infer<typeof recordRefundBodySchema>;

/**
 * POST /admin/applications/{id}/payment-resolution: what staff do with a payment that arrived
 * otherwise than asked (docs/product.md §4 "Wrong payments"). A refund of the excess names its
 * reference and where it went.
 */
export const PAYMENT_RESOLUTIONS = ['recalculate', 'awaitTopUp', 'refundExcess', 'offerRequote'] as const;
export const paymentResolutionBodySchema = /* @__PURE__ */ schema(() =>
  z.discriminatedUnion('choice', [
    z.strictObject({ choice: z.literal('recalculate') }),
    z.strictObject({ choice: z.literal('awaitTopUp') }),
    z.strictObject({ choice: z.literal('offerRequote') }),
    z.strictObject({
      choice: z.literal('refundExcess'),
      reference: z
        .string({ error: 'refundReferenceRequired' })
        .check(z.trim(), z.minLength(1, 'refundReferenceRequired'), z.maxLength(200, 'dealNoteTooLong')),
      destination: z
        .string({ error: 'refundDestinationRequired' })
        .check(z.trim(), z.minLength(1, 'refundDestinationRequired'), z.maxLength(200, 'dealNoteTooLong')),
      note: dealNote(),
    }),
  ]),
);
export type PaymentResolutionBody = z.infer<typeof paymentResolutionBodySchema>;

/** POST /admin/applications/{id}/close: an ADMIN completes a deal whose payout differs from what is owed. */
export const closeDealBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    reason: z
      .string({ error: 'closingReasonRequired' })
      .check(
        z.trim(),
        z.minLength(1, 'closingReasonRequired'),
        z.maxLength(DEAL_NOTE_MAX_LENGTH, 'dealNoteTooLong'),
      ),
  }),
);
export type CloseDealBody = z.infer<typeof closeDealBodySchema>;

/**
 * Why a USDT payment is held (ON_HOLD, docs/product.md "Held payments"): the AML check scored it
 * above the threshold, could not score it after its retries, or an operator's blacklist names the sender.
 */
export const HOLD_REASONS = ['amlRisk', 'amlUnchecked', 'blacklisted'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/** One category of the AML provider's answer: its share of the funds, in percent (exact text). */
export const amlSignalSchema = /* @__PURE__ */ schema(() =>
  z.object({ key: z.string(), label: z.string(), category: z.string(), share: z.string() }),
);

/** A held payment as staff see it: why, the transaction and its sender, the score against the threshold. */
export const paymentHoldSchema = /* @__PURE__ */ schema(() =>
  z.object({
    reason: z.enum(HOLD_REASONS),
    txId: z.string(),
    /** The address the USDT came from: a refund goes back there unless the client names another. */
    sender: z.string(),
    at: z.string(),
    /** When the client is told to expect staff's answer (setting holdReviewHours). */
    expectedBy: z.string(),
    /** The AML score 0-100 and the threshold it was judged on, exact text; null when not scored. */
    riskScore: z.nullable(z.string()),
    threshold: z.nullable(z.string()),
    signals: z.array(amlSignalSchema),
    /** Staff's release (the deal went on); null while held or when it was refunded instead. */
    released: z.nullable(z.object({ at: z.string(), by: z.string(), note: z.nullable(z.string()) })),
  }),
);
export type PaymentHold = z.infer<typeof paymentHoldSchema>;

/** POST /admin/applications/{id}/hold-release: staff checked the funds; an optional note for the record. */
export const releaseHoldBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    note: z.optional(
      z.nullable(z.string().check(z.trim(), z.maxLength(DEAL_NOTE_MAX_LENGTH, 'dealNoteTooLong'))),
    ),
  }),
);
export type ReleaseHoldBody = z.infer<typeof releaseHoldBodySchema>;

/** The deal's money as it moved (shared/deal-money.ts), as staff and the client see it. */
export const dealMoneyViewSchema = /* @__PURE__ */ schema(() =>
  z.object({
    /** What the client was asked for in all, and is owed (null: a deal that names no amounts). */
    asked: z.nullable(z.string()),
    owed: z.nullable(z.string()),
    received: z.string(),
    refunded: z.string(),
    paidOut: z.string(),
    /** How what arrived stands against what was asked; `difference` is what is missing or above it. */
    gap: z.enum(['none', 'short', 'exact', 'over']),
    difference: z.nullable(z.string()),
    /** Left to pay out (null: nothing owed yet). */
    payoutLeft: z.nullable(z.string()),
    late: z.boolean(),
    /** Staff's new quote for a late payment, while it holds. */
    requote: z.nullable(
      z.object({ amountFrom: z.number(), amountTo: z.number(), rate: z.number(), until: z.string() }),
    ),
    /** An ADMIN closed the deal with a difference. */
    closing: z.nullable(
      z.object({ at: z.string(), by: z.string(), reason: z.string(), difference: z.string() }),
    ),
  }),
);
export type DealMoneyView = z.infer<typeof dealMoneyViewSchema>;

/**
 * POST /admin/applications/{id}/payout-reversal: the payout came back; its reference (the return's
 * transaction or bank reference) and why, both required.
 */
export const reversePayoutBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    reference: z
      .string({ error: 'reversalReferenceRequired' })
      .check(z.trim(), z.minLength(1, 'reversalReferenceRequired'), z.maxLength(200, 'dealNoteTooLong')),
    reason: z
      .string({ error: 'reversalReasonRequired' })
      .check(
        z.trim(),
        z.minLength(1, 'reversalReasonRequired'),
        z.maxLength(DEAL_NOTE_MAX_LENGTH, 'dealNoteTooLong'),
      ),
  }),
);
export type ReversePayoutBody = z.infer<typeof reversePayoutBodySchema>;

/** The instructions as the client and staff see them. */
/** An office where cash changes hands: its name, address (the office template's details) and city key. */
export const officePlaceSchema = /* @__PURE__ */ schema(() =>
  z.object({ label: z.string(), address: z.string(), city: z.string() }),
);
export type OfficePlace = z.infer<typeof officePlaceSchema>;

/**
 * What the client pays into, copied from the template when the instructions were issued: a card's
 * or account's number, bank and holder (each null when the template does not say), or the office
 * cash is brought to. A USDT payment's wallet is `crypto`.
 */
export const payToSchema = /* @__PURE__ */ schema(() =>
  z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('card'),
      number: z.nullable(z.string()),
      bank: z.nullable(z.string()),
      holder: z.nullable(z.string()),
    }),
    z.extend(officePlaceSchema, { kind: z.literal('office') }),
  ]),
);
export type PayTo = z.infer<typeof payToSchema>;

export const instructionsViewSchema = /* @__PURE__ */ schema(() =>
  z.object({
    text: z.string(),
    issuedAt: z.string(),
    deadline: z.string(),
    /** Where and how much USDT to send, when the client pays in USDT: `amount` exact, unique on the wallet, a decimal string ("500.0037"). */
    crypto: z.nullable(z.object({ address: z.string(), amount: z.string() })),
    /** The card, account or office the client pays into (null: only the text says, or USDT). */
    payTo: z.nullable(payToSchema),
    /** Where a client paid out in cash collects it: the office of the application's city (null: none saved). */
    collectAt: z.nullable(officePlaceSchema),
  }),
);

/**
 * Where the client receives: the address, the card, or an SBP phone and its bank's id (the card and
 * the phone masked but for staff's detail view).
 */
export const payoutDetailsViewSchema = /* @__PURE__ */ schema(() =>
  z.union([
    z.object({ kind: z.literal('address'), address: z.string() }),
    z.object({ kind: z.literal('card'), card: z.string() }),
    z.object({ kind: z.literal('sbp'), phone: z.string(), bank: z.string() }),
  ]),
);

/**
 * Where the client receives, as staff's detail shows it: the card and the SBP phone in full, and
 * whether the address was screened against the USDT blacklist (false: the provider could not tell
 * when it was given).
 */
export const staffPayoutDetailsViewSchema = /* @__PURE__ */ schema(() =>
  z.union([
    z.object({ kind: z.literal('address'), address: z.string(), screened: z.boolean() }),
    z.object({ kind: z.literal('card'), card: z.string() }),
    z.object({ kind: z.literal('sbp'), phone: z.string(), bank: z.string() }),
  ]),
);

/** What the server's reading of a USDT transaction on chain found (docs/product.md §4 "USDT on chain"). */
export const CHAIN_CHECK_STATES = ['matched', 'mismatch', 'unverified'] as const;
/**
 * Why it did not match: the transaction moved no USDT (or failed), paid another wallet or another
 * amount, is not known (yet), is not final yet, or the provider could not tell; it was already used
 * (another deal's payment, a payout, a refund); it was made before the instructions were issued or
 * after the payment deadline; its sender is on the USDT blacklist; a payout did not leave one of
 * the office's wallets.
 */
export const CHAIN_CHECK_REASONS = [
  'notUsdt',
  'failed',
  'wrongWallet',
  'wrongAmount',
  'notFound',
  'notFinal',
  'providerFailed',
  'alreadyUsed',
  'beforeInstructions',
  'afterDeadline',
  'blacklistedSender',
  'notOfficeWallet',
] as const;

export const chainCheckViewSchema = /* @__PURE__ */ schema(() =>
  z.object({
    state: z.enum(CHAIN_CHECK_STATES),
    reason: z.optional(z.enum(CHAIN_CHECK_REASONS)),
    /** Another amount was sent (wrongAmount): what the transaction moved and what was due, in USDT. */
    sent: z.optional(z.string()),
    due: z.optional(z.string()),
    at: z.string(),
  }),
);

export type ChainCheck = z.infer<typeof chainCheckViewSchema>;

export const clientPaidViewSchema = /* @__PURE__ */ schema(() =>
  z.object({
    at: z.string(),
    txHash: z.nullable(z.string()),
    receiptId: z.nullable(z.string()),
    /** The server's check of the hash, when the client paid USDT and gave one. */
    chainCheck: z.optional(chainCheckViewSchema),
  }),
);

/** A staff member's record on the deal: the confirmation, the payout, a refund. */
export const staffRecordViewSchema = /* @__PURE__ */ schema(() =>
  z.object({
    at: z.string(),
    by: z.string(),
    txHash: z.nullable(z.string()),
    note: z.nullable(z.string()),
    /** The server's check of a USDT payout's hash. */
    chainCheck: z.optional(chainCheckViewSchema),
    /** The payer's name staff entered at confirmation, and whether it differs from the verified card holder's. */
    payerName: z.optional(z.nullable(z.string())),
    payerNameMismatch: z.optional(z.boolean()),
  }),
);

/** One step of the order page's timeline: the status reached, when, and who moved it. */
export const timelineEntrySchema = /* @__PURE__ */ schema(() =>
  z.object({ status: applicationStatusSchema, at: z.string(), actor: z.enum(['client', 'staff', 'system']) }),
);

export const payoutKindSchema = /* @__PURE__ */ schema(() => z.enum(['address', 'card', 'none']));
export const clientActionSchema = /* @__PURE__ */ schema(() => z.enum(CLIENT_ACTIONS));
