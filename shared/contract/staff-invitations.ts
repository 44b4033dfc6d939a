import * as z from 'zod/mini';
import { languageSchema, STAFF_ROLES } from '../enums';
import { schema } from '../schema';
import { emailSchema, newPasswordSchema, sessionDataSchema } from './auth';
import { mfaCodeSchema } from './mfa';

/** Staff by invitation (docs/product.md "Staff by invitation"): the admin's calls and the invitee's. */

const staffRoleSchema = /* @__PURE__ */ schema(() => z.enum(STAFF_ROLES));

/** POST /admin/staff-invitations: who, with which role, and the language of the mail and account. */
export const inviteStaffBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({ email: emailSchema, role: staffRoleSchema, language: languageSchema }),
);
export type InviteStaffBody = z.output<typeof inviteStaffBodySchema>;

export const staffInvitationParamsSchema = /* @__PURE__ */ schema(() =>
  z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) }),
);

/** A pending invitation as the admin users page lists it; `expired`: its link lapsed (resend it). */
export const staffInvitationSchema = /* @__PURE__ */ schema(() =>
  z.object({
    id: z.string(),
    email: z.string(),
    role: staffRoleSchema,
    language: languageSchema,
    invitedBy: z.object({ id: z.string(), name: z.nullable(z.string()) }),
    createdAt: z.string(),
    sentAt: z.string(),
    expiresAt: z.string(),
    expired: z.boolean(),
  }),
);
export type StaffInvitationView = z.infer<typeof staffInvitationSchema>;

export const staffInvitationListSchema = /* @__PURE__ */ schema(() => z.array(staffInvitationSchema));

/** The link's token (the invitation's id and its secret), posted from the page's URL fragment. */
const invitationTokenSchema = /* @__PURE__ */ schema(() =>
  z.string({ error: 'required' }).check(z.minLength(1, 'required'), z.maxLength(256)),
);

export const staffInvitationOpenBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({ token: invitationTokenSchema }),
);
export type StaffInvitationOpenBody = z.input<typeof staffInvitationOpenBodySchema>;

/** What the accept page shows: the invitation and a new TOTP secret to add to an authenticator app. */
export const staffInvitationOpenDataSchema = /* @__PURE__ */ schema(() =>
  z.object({
    email: z.string(),
    role: staffRoleSchema,
    language: languageSchema,
    expiresAt: z.string(),
    secret: z.string(),
    otpauthUrl: z.string(),
  }),
);
export type StaffInvitationOpenData = z.infer<typeof staffInvitationOpenDataSchema>;

export const staffInvitationAcceptBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({ token: invitationTokenSchema, password: newPasswordSchema, code: mfaCodeSchema }),
);
export type StaffInvitationAcceptBody = z.input<typeof staffInvitationAcceptBodySchema>;

/** The new staff member's session, and the recovery codes of their second factor (shown this once). */
export const staffInvitationAcceptDataSchema = /* @__PURE__ */ schema(() =>
  z.object({
    session: sessionDataSchema,
    recoveryCodes: z.array(z.string()),
  }),
);
export type StaffInvitationAcceptData = z.infer<typeof staffInvitationAcceptDataSchema>;
