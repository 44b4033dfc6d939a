import * as z from 'zod/mini';
import { applicationStatusSchema } from '../enums';
import { schema } from '../schema';
import { txHashSchema } from './deal';

/**
 * USDT seen on chain (docs/product.md §4): the incoming transfers the chain watcher could not match
 * to an application by itself, waiting for staff.
 */

/**
 * Why a transfer waits: less or more than the nearest amount held on the wallet, after its
 * application's window (EXPIRED), from a sender on the USDT blacklist, or matching nothing.
 */
export const CHAIN_REVIEW_REASONS = ['underpaid', 'overpaid', 'late', 'blacklisted', 'unknown'] as const;
export type ChainReviewReason = (typeof CHAIN_REVIEW_REASONS)[number];

export const chainReviewTransferSchema = /* @__PURE__ */ schema(() =>
  z.object({
    txId: z.string(),
    from: z.string(),
    to: z.string(),
    /** USDT, exactly, as a decimal string with 6 decimals ("499.500000"). */
    amount: z.string(),
    reason: z.enum(CHAIN_REVIEW_REASONS),
    /** When the watcher recorded it; `blockTime` when its block was made. */
    seenAt: z.string(),
    blockTime: z.string(),
    /** The application it was nearest to (its payable amount and status now), if any. */
    application: z.nullable(
      z.object({
        id: z.string(),
        status: applicationStatusSchema,
        payableAmount: z.nullable(z.string()),
      }),
    ),
  }),
);
export type ChainReviewTransfer = z.infer<typeof chainReviewTransferSchema>;

/**
 * What became of a transfer the watcher recorded: paying its deal, not final yet (`matched`);
 * confirmed as its payment; waiting for staff (`review`); sent back (`refunded`); or taken first
 * by another use of the transaction (`used`: a client's hash, a payout, a refund).
 */
export const CHAIN_TRANSFER_STATES = ['matched', 'confirmed', 'review', 'refunded', 'used'] as const;

/** A deal's USDT transfer as the chain watcher saw it (the staff detail's). */
export const dealChainTransferSchema = /* @__PURE__ */ schema(() =>
  z.object({
    txId: z.string(),
    /** USDT, exactly, as a decimal string with 6 decimals ("999.000000"). */
    amount: z.string(),
    /** When its block was made, and when the watcher recorded it. */
    blockTime: z.string(),
    seenAt: z.string(),
    state: z.enum(CHAIN_TRANSFER_STATES),
    /** Why it waits (or waited) for staff; null for a match. */
    reason: z.nullable(z.enum(CHAIN_REVIEW_REASONS)),
    confirmedAt: z.nullable(z.string()),
    /** The staff member who attached it to the deal; null when the watcher matched it by itself. */
    attachedBy: z.nullable(z.string()),
  }),
);
export type DealChainTransfer = z.infer<typeof dealChainTransferSchema>;

/** A receiving wallet as the watcher last read it. */
export const chainWalletStatusSchema = /* @__PURE__ */ schema(() =>
  z.object({
    address: z.string(),
    /** The last successful read; null before the first. */
    lastReadAt: z.nullable(z.string()),
    /** Seconds since then (null before the first). */
    lagSeconds: z.nullable(z.number()),
    /** Failed reads so far, and the last failure's text (null after a successful read). */
    errors: z.number(),
    lastError: z.nullable(z.string()),
  }),
);
export type ChainWalletStatus = z.infer<typeof chainWalletStatusSchema>;

export const chainReviewDataSchema = /* @__PURE__ */ schema(() =>
  z.object({ transfers: z.array(chainReviewTransferSchema), wallets: z.array(chainWalletStatusSchema) }),
);
export type ChainReviewData = z.infer<typeof chainReviewDataSchema>;

/** The transfer a staff action is about, by its transaction id. */
export const chainTransferParamsSchema = /* @__PURE__ */ schema(() =>
  z.object({ txId: z.string().check(z.minLength(1), z.maxLength(100)) }),
);

/**
 * Attach a waiting transfer to an application: it is that deal's money, recorded as it arrived (a
 * part, more than asked, or late: the deal then shows the difference for staff to resolve).
 */
export const attachChainTransferBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    applicationId: z
      .string({ error: 'required' })
      .check(z.trim(), z.minLength(1, 'required'), z.maxLength(100, 'required')),
  }),
);
export type AttachChainTransferBody = z.infer<typeof attachChainTransferBodySchema>;

/** The money went back to the sender: the refund's transaction hash. */
export const refundChainTransferBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({ txHash: txHashSchema }),
);
export type RefundChainTransferBody = z.infer<typeof refundChainTransferBodySchema>;

/** What a staff action made of a waiting transfer. */
export const chainTransferActionDataSchema = /* @__PURE__ */ schema(() =>
  z.object({
    txId: z.string(),
    resolution: z.enum(['attached', 'refunded']),
    /** Attached: the application and its status after the move (PAID, or CONFIRMED when final). */
    applicationId: z.nullable(z.string()),
    status: z.nullable(applicationStatusSchema),
    refundTxHash: z.nullable(z.string()),
  }),
);
export type ChainTransferActionData = z.infer<typeof chainTransferActionDataSchema>;
