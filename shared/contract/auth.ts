import * as z from 'zod';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from '../constants';
import { languageSchema } from '../enums';
import { publicUserSchema } from './users';

/** Request and response schemas of /auth/* and PUT /users/profile (spec sections 5 and 7). */
export const AUTH_FIELD_MESSAGES = {
  invalidEmail: 'Please enter a valid email address.',
  usernameLength: `Username must be ${USERNAME_MIN_LENGTH}-${USERNAME_MAX_LENGTH} characters long.`,
  usernameCharacters: 'Username may contain only letters, digits and underscore.',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  required: 'This field must be filled in',
  identifierRequired: 'Email or Username is required.',
  allFieldsRequired: 'All fields are required.',
} as const;

/** Opaque tokens are 43 base64url characters; anything much longer is refused before a lookup. */
const opaqueTokenSchema = z.string().min(1, AUTH_FIELD_MESSAGES.required).max(256);

export const emailSchema = z
  .string({ error: AUTH_FIELD_MESSAGES.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, AUTH_FIELD_MESSAGES.invalidEmail)
  .pipe(z.email({ error: AUTH_FIELD_MESSAGES.invalidEmail }));

export const usernameSchema = z
  .string({ error: AUTH_FIELD_MESSAGES.required })
  .trim()
  .min(USERNAME_MIN_LENGTH, AUTH_FIELD_MESSAGES.usernameLength)
  .max(USERNAME_MAX_LENGTH, AUTH_FIELD_MESSAGES.usernameLength)
  .regex(USERNAME_PATTERN, AUTH_FIELD_MESSAGES.usernameCharacters);

/** A new password: 8 to 128 characters (all of them count, see docs/decisions.md on bcrypt's 72 bytes). */
export const newPasswordSchema = z
  .string({ error: AUTH_FIELD_MESSAGES.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, AUTH_FIELD_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, AUTH_FIELD_MESSAGES.passwordTooLong);

/** A password being checked (login, current password): any non-empty value up to the limit. */
const presentedPasswordSchema = z
  .string({ error: AUTH_FIELD_MESSAGES.allFieldsRequired })
  .min(1, AUTH_FIELD_MESSAGES.allFieldsRequired)
  .max(PASSWORD_MAX_LENGTH, AUTH_FIELD_MESSAGES.passwordTooLong);

export const registerBodySchema = z.strictObject({
  email: emailSchema,
  username: usernameSchema,
  password: newPasswordSchema,
  /** Absent, null or blank: registering without an inviter (the web's "no code" path). */
  invitationCode: z
    .string()
    .trim()
    .max(32, 'Invitation code is invalid.')
    .nullish()
    .transform((code) => (code ? code.toUpperCase() : undefined)),
  /** Not in the spec's call list: the web may send its UI language so the first mail is in it. */
  language: languageSchema.optional(),
});
export type RegisterBody = z.input<typeof registerBodySchema>;
export const registerDataSchema = z.object({
  userId: z.string(),
  /** False when SES refused the verification mail; the account exists and resend works. */
  verificationEmailSent: z.boolean(),
});
export type RegisterData = z.infer<typeof registerDataSchema>;

export const loginBodySchema = z.strictObject({
  loginIdentifier: z
    .string({ error: AUTH_FIELD_MESSAGES.identifierRequired })
    .trim()
    .min(1, AUTH_FIELD_MESSAGES.identifierRequired)
    .max(254, AUTH_FIELD_MESSAGES.identifierRequired),
  password: presentedPasswordSchema,
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** What login and email verification answer: the user and a fresh session's tokens. */
export const sessionDataSchema = z.object({
  user: publicUserSchema,
  token: z.string(),
  refreshToken: z.string(),
});
export type SessionData = z.infer<typeof sessionDataSchema>;

/** The token is optional here so a missing one gets the spec's verification text, not a schema error. */
export const verifyEmailQuerySchema = z.object({ token: z.string().max(256).optional() });

export const emailBodySchema = z.strictObject({ email: emailSchema });
export type EmailBody = z.input<typeof emailBodySchema>;

export const refreshBodySchema = z.strictObject({ refreshTokenFromBody: opaqueTokenSchema });
export type RefreshBody = z.input<typeof refreshBodySchema>;
export const refreshDataSchema = z.object({ token: z.string(), refreshToken: z.string() });
export type RefreshData = z.infer<typeof refreshDataSchema>;

export const meDataSchema = z.object({ user: publicUserSchema });
export type MeData = z.infer<typeof meDataSchema>;

export const changePasswordBodySchema = z.strictObject({
  currentPassword: presentedPasswordSchema,
  newPassword: newPasswordSchema,
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

export const resetPasswordBodySchema = z.strictObject({
  token: opaqueTokenSchema,
  password: newPasswordSchema,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/**
 * PUT /users/profile. Only these three fields exist: anything else (role, email, isActive...)
 * is refused as an unknown field. A blank username means "unchanged"; photo_url null clears it.
 */
export const updateProfileBodySchema = z.strictObject({
  username: z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(usernameSchema.optional())
    .nullish()
    .transform((value) => value ?? undefined),
  language: languageSchema.optional(),
  photo_url: z.string().max(500).nullable().optional(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;
