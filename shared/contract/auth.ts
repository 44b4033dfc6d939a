import * as z from 'zod/mini';
import { isCommonPassword } from '../common-passwords';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from '../constants';
import { languageSchema } from '../enums';
import { schema } from '../schema';
import { isTelegramContact } from '../telegram';
import { ownUserSchema } from './users';

/** Request and response schemas of /auth/* and PUT /users/profile (docs/product.md §5 and §7). */

/** Opaque tokens are 43 base64url characters; anything much longer is refused before a lookup. */
const opaqueTokenSchema = /* @__PURE__ */ schema(() =>
  z.string().check(z.minLength(1, 'required'), z.maxLength(256)),
);

export const emailSchema = /* @__PURE__ */ schema(() =>
  z.pipe(
    z.string({ error: 'invalidEmail' }).check(z.trim(), z.toLowerCase(), z.maxLength(254, 'invalidEmail')),
    z.email({ error: 'invalidEmail' }),
  ),
);

export const usernameSchema = /* @__PURE__ */ schema(() =>
  z
    .string({ error: 'required' })
    .check(
      z.trim(),
      z.minLength(USERNAME_MIN_LENGTH, 'usernameLength'),
      z.maxLength(USERNAME_MAX_LENGTH, 'usernameLength'),
      z.regex(USERNAME_PATTERN, 'usernameCharacters'),
    ),
);

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * A new password: 8 to 128 characters (all of them count, see docs/decisions.md on bcrypt's 72
 * bytes), no control characters, not only white space, and none of the most common passwords.
 */
export const newPasswordSchema = /* @__PURE__ */ schema(() =>
  z.string({ error: 'passwordTooShort' }).check(
    z.minLength(PASSWORD_MIN_LENGTH, 'passwordTooShort'),
    z.maxLength(PASSWORD_MAX_LENGTH, 'passwordTooLong'),
    z.refine((value) => !CONTROL_CHARACTER.test(value), 'passwordControlCharacters'),
    z.refine((value) => value.trim() !== '', 'passwordBlank'),
    z.refine((value) => !isCommonPassword(value), 'passwordTooCommon'),
  ),
);

/** A password being checked (login, current password): any non-empty value up to the limit. */
export const presentedPasswordSchema = /* @__PURE__ */ schema(() =>
  z
    .string({ error: 'allFieldsRequired' })
    .check(z.minLength(1, 'allFieldsRequired'), z.maxLength(PASSWORD_MAX_LENGTH, 'passwordTooLong')),
);

export const registerBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    email: emailSchema,
    username: usernameSchema,
    password: newPasswordSchema,
    /** Absent, null or blank: registering without an inviter (the web's "no code" path). */
    invitationCode: z.pipe(
      z.nullish(z.string().check(z.trim(), z.maxLength(32, 'invitationCodeInvalid'))),
      z.transform((code) => (code ? code.toUpperCase() : undefined)),
    ),
    /** Not in the spec's call list: the web may send its UI language so the first mail is in it. */
    language: z.optional(languageSchema),
  }),
);
export type RegisterBody = z.input<typeof registerBodySchema>;
export const registerDataSchema = /* @__PURE__ */ schema(() =>
  z.object({
    userId: z.string(),
    /** False when SES refused the verification mail; the account exists and resend works. */
    verificationEmailSent: z.boolean(),
  }),
);
export type RegisterData = z.infer<typeof registerDataSchema>;

export const loginBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    loginIdentifier: z
      .string({ error: 'identifierRequired' })
      .check(z.trim(), z.minLength(1, 'identifierRequired'), z.maxLength(254, 'identifierRequired')),
    password: presentedPasswordSchema,
  }),
);
export type LoginBody = z.input<typeof loginBodySchema>;

/** What login and email verification answer: the user and a fresh session's tokens. */
export const sessionDataSchema = /* @__PURE__ */ schema(() =>
  z.object({
    user: ownUserSchema,
    token: z.string(),
    refreshToken: z.string(),
  }),
);
export type SessionData = z.infer<typeof sessionDataSchema>;

/**
 * Verification proves who holds the mailbox, so the mailbox holder also confirms the password that
 * will survive it (docs/decisions.md). The token travels in the link's fragment and is POSTed, so it
 * never lands in an access log. It is optional so a missing one gets the spec's text.
 */
export const verifyEmailBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    token: z.optional(z.string().check(z.maxLength(256))),
    password: presentedPasswordSchema,
  }),
);
export type VerifyEmailBody = z.input<typeof verifyEmailBodySchema>;

/** Login (or a reset) of an account with a second factor: the code step comes next. */
export const mfaChallengeSchema = /* @__PURE__ */ schema(() =>
  z.object({
    mfaRequired: z.literal(true),
    /** Single use, valid 5 minutes: POST it with the code to /auth/mfa/verify. */
    mfaToken: z.string(),
  }),
);
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

/** What login and a password reset answer: a session, or the second-factor step. */
export const loginDataSchema = /* @__PURE__ */ schema(() => z.union([sessionDataSchema, mfaChallengeSchema]));
export type LoginData = z.infer<typeof loginDataSchema>;

export const emailBodySchema = /* @__PURE__ */ schema(() => z.strictObject({ email: emailSchema }));
export type EmailBody = z.input<typeof emailBodySchema>;

export const refreshBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({ refreshTokenFromBody: opaqueTokenSchema }),
);
export type RefreshBody = z.input<typeof refreshBodySchema>;
export const refreshDataSchema = /* @__PURE__ */ schema(() =>
  z.object({ token: z.string(), refreshToken: z.string() }),
);
export type RefreshData = z.infer<typeof refreshDataSchema>;

export const meDataSchema = /* @__PURE__ */ schema(() => z.object({ user: ownUserSchema }));
export type MeData = z.infer<typeof meDataSchema>;

export const changePasswordBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    currentPassword: presentedPasswordSchema,
    newPassword: newPasswordSchema,
  }),
);
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

export const resetPasswordBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    token: opaqueTokenSchema,
    password: newPasswordSchema,
  }),
);
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/**
 * The Telegram contact a user keeps on their profile (the apply form starts from it): the apply
 * field's rule (a username or an international phone number, same text); blank or null clears it.
 */
export const profileTelegramIdSchema = /* @__PURE__ */ schema(() =>
  z
    .pipe(
      z.nullable(z.string().check(z.maxLength(100))),
      z.transform((value) => value?.trim() || null),
    )
    .check(z.refine((value) => value === null || isTelegramContact(value), 'telegramFormat')),
);

/**
 * PUT /users/profile. Only these fields exist: anything else (role, email, isActive...)
 * is refused as an unknown field. A blank username means "unchanged"; photo_url null clears it.
 */
export const updateProfileBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    username: z.pipe(
      z.nullish(
        z.pipe(
          z.pipe(
            z.string().check(z.trim()),
            z.transform((value) => (value === '' ? undefined : value)),
          ),
          z.optional(usernameSchema),
        ),
      ),
      z.transform((value) => value ?? undefined),
    ),
    language: z.optional(languageSchema),
    photo_url: z.optional(z.nullable(z.string().check(z.maxLength(500)))),
    telegramId: z.optional(profileTelegramIdSchema),
  }),
);
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;
