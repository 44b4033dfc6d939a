import * as z from 'zod/mini';
import { SECURITY_AUDIT_PAGE_LIMIT } from '../constants';
import { roleSchema } from '../enums';
import { preprocess } from '../preprocess';
import { schema } from '../schema';
import { optionalQueryText } from './applications';
import { isDayDate, periodProblem } from './transactions';

/**
 * The admin security settings (docs/product.md §2): staff's active sessions, each revocable by a
 * SUPER_ADMIN, and the audit log of security-relevant changes. (The second-factor switch is the
 * setting `staffMfaRequired`, on the settings routes; the Telegram bot's state comes with the bot.)
 */

/** A session family's id (a UUID, `sid` of its access tokens). */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const securitySessionParamsSchema = /* @__PURE__ */ schema(() =>
  z.object({ id: z.string().check(z.regex(SESSION_ID, 'sessionId')) }),
);

/** One live session family of a staff member. */
export const staffSessionSchema = /* @__PURE__ */ schema(() =>
  z.object({
    id: z.string(),
    /** When the family began (the login). */
    createdAt: z.string(),
    /** The last refresh (the web refreshes every 15 minutes while used); null if never refreshed. */
    lastRefreshedAt: z.nullable(z.string()),
    /** The family's absolute end (30 days after the login). */
    endsAt: z.string(),
    /** The caller's own session (the one this request came with). */
    current: z.boolean(),
  }),
);
export type StaffSessionView = z.infer<typeof staffSessionSchema>;

export const staffSessionsSchema = /* @__PURE__ */ schema(() =>
  z.object({
    /** Every active staff member, with their live sessions (newest first; possibly none). */
    staff: z.array(
      z.object({
        id: z.string(),
        username: z.nullable(z.string()),
        email: z.string(),
        role: roleSchema,
        mfaEnabled: z.boolean(),
        sessions: z.array(staffSessionSchema),
      }),
    ),
  }),
);
export type StaffSessions = z.infer<typeof staffSessionsSchema>;
export type StaffSessionsMember = StaffSessions['staff'][number];

/**
 * The kinds of security-relevant change the audit log shows: role changes, activation and
 * deactivation, second-factor resets, session revokes, settings changes.
 */
export const SECURITY_AUDIT_KINDS = ['role', 'activation', 'mfa', 'session', 'setting'] as const;
export type SecurityAuditKind = (typeof SECURITY_AUDIT_KINDS)[number];

const emptyIsAbsent = (value: unknown) => (value === '' ? undefined : value);

export const securityAuditQuerySchema = /* @__PURE__ */ schema(() =>
  z
    .object({
      /** UTC days, both included; the last 30 days by default, at most 366. */
      from: preprocess(emptyIsAbsent, z.optional(z.string().check(z.refine(isDayDate, 'dayDate')))),
      to: preprocess(emptyIsAbsent, z.optional(z.string().check(z.refine(isDayDate, 'dayDate')))),
      kind: preprocess(emptyIsAbsent, z.optional(z.enum(SECURITY_AUDIT_KINDS))),
      /** The staff member who acted. */
      actorId: optionalQueryText(100),
      /** The `nextCursor` of the page before, for the same filters. */
      cursor: optionalQueryText(300),
      limit: z._default(
        z.coerce.number().check(z.int(), z.gte(1), z.lte(SECURITY_AUDIT_PAGE_LIMIT.max)),
        SECURITY_AUDIT_PAGE_LIMIT.default,
      ),
    })
    .check(
      z.superRefine((query, context) => {
        if (!query.from || !query.to || !isDayDate(query.from) || !isDayDate(query.to)) return;
        const problem = periodProblem(query.from, query.to);
        if (problem) context.addIssue({ code: 'custom', path: [problem.field], message: problem.code });
      }),
    ),
);
export type SecurityAuditQuery = z.infer<typeof securityAuditQuerySchema>;

export const securityAuditEntrySchema = /* @__PURE__ */ schema(() =>
  z.object({
    id: z.string(),
    at: z.string(),
    kind: z.enum(SECURITY_AUDIT_KINDS),
    /** The audit's own action name (`user.role`, `setting.update`, `session.revoke`, …). */
    action: z.string(),
    actorId: z.string(),
    actorRole: z.union([roleSchema, z.literal('SYSTEM')]),
    /** The staff member's username, else email; null if the account is gone. */
    actorName: z.nullable(z.string()),
    /** `user` (the account changed, or whose session ended) or `setting` (its key). */
    targetType: z.string(),
    targetId: z.string(),
    /** The account's username, else email, for a user target; null otherwise or if gone. */
    targetName: z.nullable(z.string()),
    /** The changed fields before and after (a secret setting's value withheld below its role). */
    before: z.nullable(z.record(z.string(), z.unknown())),
    after: z.nullable(z.record(z.string(), z.unknown())),
  }),
);
export type SecurityAuditEntry = z.infer<typeof securityAuditEntrySchema>;

/** A page of the log, newest first; `period` is the one read. No total: counting would read it all. */
export const securityAuditPageSchema = /* @__PURE__ */ schema(() =>
  z.object({
    items: z.array(securityAuditEntrySchema),
    nextCursor: z.nullable(z.string()),
    period: z.object({ from: z.string(), to: z.string() }),
  }),
);
export type SecurityAuditPage = z.infer<typeof securityAuditPageSchema>;

/**
 * The AML check of incoming USDT as the security page shows it (docs/architecture.md "AML adapter
 * and stand-in"): on while the provider's key is set, off without one; the current business
 * month's checks and what they cost at the setting amlCheckCostUSD's price of each.
 */
export const amlStatusSchema = /* @__PURE__ */ schema(() =>
  z.object({
    configured: z.boolean(),
    /** The business month, YYYY-MM (the setting businessTimeZone). */
    month: z.string(),
    checks: z.number(),
    /** USD, exact decimal text ("12.5"). */
    cost: z.string(),
    currency: z.literal('USD'),
  }),
);
export type AmlStatus = z.infer<typeof amlStatusSchema>;
