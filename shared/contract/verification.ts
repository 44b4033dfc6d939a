import * as z from 'zod/mini';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_NAME_MAX_LENGTH, cleanFileName } from '../messages';
import { schema } from '../schema';
import {
  CARD_BANK_MAX_LENGTH,
  CARD_HOLDER_MAX_LENGTH,
  VERIFICATION_KINDS,
  VERIFICATION_PHOTO_ROLES,
  VERIFICATION_PHOTO_TYPES,
  VERIFICATION_REASON_MAX_LENGTH,
  VERIFICATION_STATES,
  VERIFICATION_STATUSES,
  VERIFICATION_TIERS,
} from '../verification';
import { attachmentUploadSchema } from './messages';

/**
 * A client's cards and verifications (docs/product.md "Cards and verification"): a card is its bank,
 * its last four digits and its holder's name (never the full number); a verification request asks
 * staff to look at photos (a card beside the request's code; a document and a selfie) and raises
 * the client's tier when approved.
 */

const text = (max: number, tooLong: 'cardBankTooLong' | 'cardHolderTooLong') =>
  z.string({ error: 'required' }).check(z.trim(), z.minLength(1, 'required'), z.maxLength(max, tooLong));

/** POST /cards: a card to add to the profile. */
export const addCardBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    bank: text(CARD_BANK_MAX_LENGTH, 'cardBankTooLong'),
    last4: z.string({ error: 'cardLast4' }).check(z.trim(), z.regex(/^\d{4}$/, 'cardLast4')),
    holder: text(CARD_HOLDER_MAX_LENGTH, 'cardHolderTooLong'),
  }),
);
export type AddCardBody = z.infer<typeof addCardBodySchema>;

export const cardParamsSchema = /* @__PURE__ */ schema(() =>
  z.strictObject({ id: z.string().check(z.minLength(1), z.maxLength(100)) }),
);
export const verificationParamsSchema = /* @__PURE__ */ schema(() =>
  z.strictObject({ id: z.string().check(z.minLength(1), z.maxLength(100)) }),
);

/** The request of a card or of the identity the client is sending photos for, or staff review. */
const ownRequestSchema = () =>
  z.object({
    id: z.string(),
    state: z.enum(VERIFICATION_STATES),
    /** The code the card's photo shows beside the card; null for the identity. */
    code: z.nullable(z.string()),
    /** Staff's reason, once rejected. */
    reason: z.nullable(z.string()),
  });

/** A card as its owner sees it. */
export const cardViewSchema = /* @__PURE__ */ schema(() =>
  z.object({
    id: z.string(),
    bank: z.string(),
    last4: z.string(),
    holder: z.string(),
    status: z.enum(VERIFICATION_STATUSES),
    request: z.nullable(ownRequestSchema()),
    createdAt: z.string(),
  }),
);
export type CardView = z.infer<typeof cardViewSchema>;

/** GET /verification: the client's tier, cards and identity verification. */
export const myVerificationSchema = /* @__PURE__ */ schema(() =>
  z.object({
    tier: z.enum(VERIFICATION_TIERS),
    cards: z.array(cardViewSchema),
    identity: z.object({ status: z.enum(VERIFICATION_STATUSES), request: z.nullable(ownRequestSchema()) }),
  }),
);
export type MyVerification = z.infer<typeof myVerificationSchema>;

/** POST /verification/requests: what to verify (a card of the caller's, or their identity). */
export const startVerificationBodySchema = /* @__PURE__ */ schema(() =>
  z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('card'), cardId: z.string().check(z.minLength(1), z.maxLength(100)) }),
    z.strictObject({ kind: z.literal('identity') }),
  ]),
);
export type StartVerificationBody = z.infer<typeof startVerificationBodySchema>;

/** The request started: its id, the photos it needs and, for a card, the code to show beside it. */
export const verificationRequestSchema = /* @__PURE__ */ schema(() =>
  z.object({
    id: z.string(),
    kind: z.enum(VERIFICATION_KINDS),
    state: z.enum(VERIFICATION_STATES),
    code: z.nullable(z.string()),
    photos: z.array(z.enum(VERIFICATION_PHOTO_ROLES)),
  }),
);
export type VerificationRequestView = z.infer<typeof verificationRequestSchema>;

/** POST /verification/requests/{id}/photos: one photo to upload (as a thread's attachment is announced). */
export const announcePhotoBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    role: z.enum(VERIFICATION_PHOTO_ROLES),
    fileName: z.pipe(
      z
        .string({ error: 'required' })
        .check(
          z.trim(),
          z.minLength(1, 'required'),
          z.maxLength(ATTACHMENT_NAME_MAX_LENGTH, 'attachmentNameTooLong'),
        ),
      z.transform(cleanFileName),
    ),
    contentType: z.enum(VERIFICATION_PHOTO_TYPES, 'verificationPhotoType'),
    size: z
      .number({ error: 'attachmentSize' })
      .check(
        z.int('attachmentSize'),
        z.gte(1, 'attachmentSize'),
        z.lte(ATTACHMENT_MAX_BYTES, 'attachmentTooLarge'),
      ),
  }),
);
export type AnnouncePhotoBody = z.infer<typeof announcePhotoBodySchema>;
export const photoUploadSchema = attachmentUploadSchema;

/** One request of staff's queue. */
export const verificationQueueItemSchema = /* @__PURE__ */ schema(() =>
  z.object({
    id: z.string(),
    kind: z.enum(VERIFICATION_KINDS),
    state: z.enum(VERIFICATION_STATES),
    userId: z.string(),
    email: z.nullable(z.string()),
    card: z.nullable(z.object({ bank: z.string(), last4: z.string(), holder: z.string() })),
    submittedAt: z.nullable(z.string()),
    decidedAt: z.nullable(z.string()),
  }),
);
export type VerificationQueueItem = z.infer<typeof verificationQueueItemSchema>;

/** GET /admin/verification: the requests to review, oldest first, then the newest decided ones. */
export const verificationQueueSchema = /* @__PURE__ */ schema(() =>
  z.object({ pending: z.array(verificationQueueItemSchema), decided: z.array(verificationQueueItemSchema) }),
);
export type VerificationQueue = z.infer<typeof verificationQueueSchema>;

/** GET /admin/verification/{id}: a request with its photos' 5-minute links (staff only). */
export const verificationDetailSchema = /* @__PURE__ */ schema(() =>
  z.object({
    ...verificationQueueItemSchema.shape,
    code: z.nullable(z.string()),
    reason: z.nullable(z.string()),
    decidedBy: z.nullable(z.string()),
    /** Each photo's link; empty once the retention job deleted them (photosDeletedAt). */
    photos: z.array(z.object({ role: z.enum(VERIFICATION_PHOTO_ROLES), url: z.string() })),
    photosDeletedAt: z.nullable(z.string()),
  }),
);
export type VerificationDetail = z.infer<typeof verificationDetailSchema>;

/** POST /admin/verification/{id}/decision: approve, or reject with the reason the client is shown. */
export const verificationDecisionBodySchema = /* @__PURE__ */ schema(() =>
  z.discriminatedUnion('decision', [
    z.strictObject({ decision: z.literal('approve') }),
    z.strictObject({
      decision: z.literal('reject'),
      reason: z
        .string({ error: 'rejectionReasonRequired' })
        .check(
          z.trim(),
          z.minLength(1, 'rejectionReasonRequired'),
          z.maxLength(VERIFICATION_REASON_MAX_LENGTH, 'verificationReasonTooLong'),
        ),
    }),
  ]),
);
export type VerificationDecisionBody = z.infer<typeof verificationDecisionBodySchema>;
