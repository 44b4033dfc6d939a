import * as z from 'zod/mini';
import { languageSchema, roleSchema } from '../enums';
import { schema } from '../schema';
import { staffScopeSchema } from '../staff-scope';
import { telegramAccountSchema } from './telegram';

/** A user as staff see it: exactly the spec's User fields (docs/product.md §3), nothing internal. */
export const publicUserSchema = /* @__PURE__ */ schema(() =>
  z.object({
    id: z.string(),
    email: z.string(),
    username: z.nullable(z.string()),
    telegramId: z.nullable(z.string()),
    language: languageSchema,
    role: roleSchema,
    isActive: z.boolean(),
    photo_url: z.nullable(z.string()),
    referralCode: z.nullable(z.string()),
    emailVerified: z.boolean(),
    referralCount: z.number().check(z.int()),
    applicationCount: z.number().check(z.int()),
    adminComment: z.nullable(z.string()),
    createdAt: z.string(),
    /** The account has a second factor (TOTP) on. */
    mfaEnabled: z.boolean(),
    /** A MANAGER's rights over deals (shared/staff-scope.ts); null for every other role. */
    scope: z.nullable(staffScopeSchema),
  }),
);
export type PublicUser = z.infer<typeof publicUserSchema>;

/**
 * A user's view of their own account (login, /auth/me, profile): the staff view without the fields
 * only staff may read, such as the internal `adminComment`.
 */
export const ownUserSchema = /* @__PURE__ */ schema(() =>
  z.extend(z.omit(publicUserSchema, { adminComment: true }), {
    /** Staff while the setting staffMfaRequired is on and they have no second factor: set-up only. */
    mfaSetupRequired: z.boolean(),
    /** The Telegram account linked through the bot (docs/architecture.md "The Telegram bot"). */
    telegramAccount: telegramAccountSchema,
    /** Staff on shift: since when (alerts reach them); null off shift and for clients. */
    onShiftSince: z.nullable(z.string()),
  }),
);
export type OwnUser = z.infer<typeof ownUserSchema>;
