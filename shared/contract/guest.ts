import * as z from 'zod/mini';
import { languageSchema } from '../enums';
import { schema } from '../schema';
import { applicationSchema, standardApplicationBodySchema } from './applications';
import { emailSchema, sessionDataSchema } from './auth';

/**
 * Guest exchange (docs/product.md §5 "Guest exchange"): a visitor applies with an email and no
 * password. A new address gets an account and its order at once (and a session for this browser);
 * an address with an account gets nothing of it, only a mail to its owner asking to confirm.
 */
export const guestApplicationBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    email: emailSchema,
    /** The language of the mails (the page's). */
    language: z.optional(languageSchema),
    application: standardApplicationBodySchema,
  }),
);
export type GuestApplicationBody = z.infer<typeof guestApplicationBodySchema>;

export const guestApplicationDataSchema = /* @__PURE__ */ schema(() =>
  z.union([
    z.object({
      outcome: z.literal('created'),
      application: applicationSchema,
      session: sessionDataSchema,
    }),
    /** The address has an account: its owner was mailed a link that adds the application to it. */
    z.object({ outcome: z.literal('confirmByMail') }),
  ]),
);
export type GuestApplicationData = z.infer<typeof guestApplicationDataSchema>;

/** A mailed guest link's token (from the page's fragment). */
export const guestTokenBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({ token: z.string().check(z.minLength(16, 'required'), z.maxLength(200, 'required')) }),
);

/** A guest's order link opened: a session of the account and the order it opens. */
export const guestOrderDataSchema = /* @__PURE__ */ schema(() =>
  z.object({ applicationId: z.string(), session: sessionDataSchema }),
);
export type GuestOrderData = z.infer<typeof guestOrderDataSchema>;

/** An application joined to its address's account: its owner signs in to follow it. */
export const guestJoinDataSchema = /* @__PURE__ */ schema(() => z.object({ applicationId: z.string() }));
export type GuestJoinData = z.infer<typeof guestJoinDataSchema>;
