import * as z from 'zod/mini';
import { ADMIN_COMMENT_MAX_LENGTH, ADMIN_PAGE_SIZE } from '../constants';
import { languageSchema, roleSchema } from '../enums';
import { pagedSchema, pageQuerySchema, sortOrderSchema } from '../paging';
import { preprocess } from '../preprocess';
import { schema } from '../schema';
import { staffScopeSchema } from '../staff-scope';
import { adminApplicationSchema, auditEntrySchema } from './applications';
import { emailSchema, usernameSchema } from './auth';
import { publicUserSchema } from './users';

/** Request and response schemas of the staff user-management calls (/admin/users…, /admin/managers). */

export const ADMIN_USERS_MAX_LIMIT = 100;
export const ADMIN_USERS_SEARCH_MAX_LENGTH = 100;
/** Search and the isActive/emailVerified filters read at most this many users, newest first. */
export const ADMIN_USERS_FILTER_WINDOW = 1000;
export const ADMIN_USERS_SORT_FIELDS = ['createdAt', 'email', 'username'] as const;

/** Query values the web sends empty (`?role=`) count as absent. */
function blankAsAbsent<T extends z.ZodMiniType>(schema: T) {
  return preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema,
  );
}

const booleanQuery = /* @__PURE__ */ schema(() =>
  z.pipe(
    z.enum(['true', 'false'], { error: 'mustBeBoolean' }),
    z.transform((v) => v === 'true'),
  ),
);

export const adminUserParamsSchema = /* @__PURE__ */ schema(() =>
  z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) }),
);

export const adminUsersQuerySchema = /* @__PURE__ */ schema(() =>
  z.object({
    ...pageQuerySchema(ADMIN_USERS_MAX_LIMIT, ADMIN_PAGE_SIZE),
    sortBy: blankAsAbsent(z._default(z.enum(ADMIN_USERS_SORT_FIELDS), 'createdAt')),
    sortOrder: blankAsAbsent(z._default(sortOrderSchema, 'desc')),
    search: blankAsAbsent(z.optional(z.string().check(z.trim(), z.maxLength(ADMIN_USERS_SEARCH_MAX_LENGTH)))),
    role: blankAsAbsent(z.optional(roleSchema)),
    isActive: blankAsAbsent(z.optional(booleanQuery)),
    emailVerified: blankAsAbsent(z.optional(booleanQuery)),
  }),
);
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;

export const adminUsersPageSchema = /* @__PURE__ */ schema(() =>
  z.extend(pagedSchema(publicUserSchema), {
    /**
     * True when search or the isActive/emailVerified filters (or sorting by email/username) were
     * applied to the newest ADMIN_USERS_FILTER_WINDOW users only, so `total` counts matches there.
     */
    partial: z.boolean(),
  }),
);
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

/**
 * GET /admin/users/{id}: the user, the latest staff actions on them, and whether their address is
 * undeliverable (SES reported a permanent bounce or a complaint; no mail is sent to it), else null.
 */
export const adminUserDetailSchema = /* @__PURE__ */ schema(() =>
  z.extend(publicUserSchema, {
    audit: z.array(auditEntrySchema),
    mailUndeliverable: z.nullable(
      z.object({
        reason: z.enum(['bounce', 'complaint']),
        /** SES's words: `Permanent/General`, or the complaint's feedback type. */
        detail: z.nullable(z.string()),
        /** When SES reported it. */
        at: z.string(),
      }),
    ),
  }),
);
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** PUT /admin/users/{id}: every field optional; an empty username (or null) removes it. */
export const adminUserUpdateBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    email: z.optional(emailSchema),
    username: z.pipe(
      z.optional(z.union([z.null(), z.literal(''), usernameSchema])),
      z.transform((value) => (value === '' ? null : value)),
    ),
    role: z.optional(roleSchema),
    isActive: z.optional(z.boolean({ error: 'mustBeBoolean' })),
    language: z.optional(languageSchema),
    adminComment: z.pipe(
      z.optional(
        z.nullable(z.string().check(z.trim(), z.maxLength(ADMIN_COMMENT_MAX_LENGTH, 'commentTooLong'))),
      ),
      z.transform((value) => (value === '' ? null : value)),
    ),
    /** A MANAGER's rights over deals (only a MANAGER's: refused for any other role). */
    scope: z.optional(staffScopeSchema),
  }),
);
export type AdminUserUpdateBody = z.input<typeof adminUserUpdateBodySchema>;
/** The body as the server reads it (an empty username is null). */
export type AdminUserUpdate = z.output<typeof adminUserUpdateBodySchema>;

export const adminUserRoleBodySchema = /* @__PURE__ */ schema(() => z.strictObject({ role: roleSchema }));
export type AdminUserRoleBody = z.infer<typeof adminUserRoleBodySchema>;

export const resetReferralsDataSchema = /* @__PURE__ */ schema(() =>
  z.object({ count: z.number().check(z.int(), z.nonnegative()) }),
);
export type ResetReferralsData = z.infer<typeof resetReferralsDataSchema>;

/** GET /admin/managers: active staff a MANAGER+ may assign applications to. */
export const managerOptionSchema = /* @__PURE__ */ schema(() =>
  z.object({
    id: z.string(),
    username: z.nullable(z.string()),
    email: z.string(),
    role: roleSchema,
  }),
);
export const managerListSchema = /* @__PURE__ */ schema(() => z.array(managerOptionSchema));
export type ManagerOption = z.infer<typeof managerOptionSchema>;

/** GET /admin/users/{id}/applications: page through one user's applications, newest first. */
export const adminUserApplicationsQuerySchema = /* @__PURE__ */ schema(() =>
  z.object({ ...pageQuerySchema(50, ADMIN_PAGE_SIZE) }),
);
export type AdminUserApplicationsQuery = z.output<typeof adminUserApplicationsQuerySchema>;
export const adminUserApplicationsPageSchema = /* @__PURE__ */ schema(() =>
  pagedSchema(adminApplicationSchema),
);
export type AdminUserApplicationsPage = z.infer<typeof adminUserApplicationsPageSchema>;
