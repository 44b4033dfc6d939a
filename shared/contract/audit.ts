import * as z from 'zod/mini';
import { SECURITY_AUDIT_PAGE_LIMIT } from '../constants';
import { roleSchema } from '../enums';
import { preprocess } from '../preprocess';
import { schema } from '../schema';
import { optionalQueryText } from './applications';
import { isDayDate, periodProblem } from './transactions';

/**
 * The audit trail (docs/product.md "Audit trail"): every change staff or the system made, who made
 * it, when, from which address and device, and the fields before and after.
 */

/** What a change touched: the object an entry belongs to (its trail is `targetType` + `targetId`). */
export const AUDIT_TARGET_TYPES = [
  'application',
  'user',
  'geo',
  'setting',
  'rates',
  'reserves',
  'paymentTemplate',
  'chainTransfer',
  'staffInvitation',
  'ledgerAccount',
  'ledgerDay',
  'partner',
  'partnerPayout',
  'blacklist',
  'verification',
  'siteContent',
] as const;
export type AuditTarget = (typeof AUDIT_TARGET_TYPES)[number];

/**
 * The kinds the audit page filters by: each a set of target types, except `security`, the security
 * log's changes (roles, activation, second factors, sessions, settings) across them.
 */
export const AUDIT_KIND_TARGETS = {
  rates: ['rates'],
  reserves: ['reserves'],
  books: ['ledgerAccount', 'ledgerDay', 'partner', 'partnerPayout'],
  templates: ['paymentTemplate'],
  geo: ['geo'],
  settings: ['setting', 'siteContent'],
  staff: ['user', 'staffInvitation'],
  chain: ['chainTransfer'],
  blacklists: ['blacklist'],
  deals: ['application'],
  verification: ['verification'],
  security: null,
} as const satisfies Record<string, readonly AuditTarget[] | null>;
export type AuditKind = keyof typeof AUDIT_KIND_TARGETS;
export const AUDIT_KINDS = Object.keys(AUDIT_KIND_TARGETS) as AuditKind[];
/** The kinds an entry is listed under: each but `security`, which cuts across them. */
export type AuditEntryKind = Exclude<AuditKind, 'security'>;
const ENTRY_KINDS = AUDIT_KINDS.filter((kind): kind is AuditEntryKind => kind !== 'security');

/** The kind an entry is listed under (its target's; `security` is a filter, never an entry's own). */
export function auditKindOf(targetType: string): AuditEntryKind {
  for (const [kind, targets] of Object.entries(AUDIT_KIND_TARGETS)) {
    if ((targets as readonly string[] | null)?.includes(targetType)) return kind as AuditEntryKind;
  }
  return 'settings';
}

/** A staff member's role, or SYSTEM for the jobs and the chain watcher. */
export const auditActorRoleSchema = /* @__PURE__ */ schema(() => z.union([roleSchema, z.literal('SYSTEM')]));

const emptyIsAbsent = (value: unknown) => (value === '' ? undefined : value);
const optionalDay = () =>
  preprocess(emptyIsAbsent, z.optional(z.string().check(z.refine(isDayDate, 'dayDate'))));

export const auditQuerySchema = /* @__PURE__ */ schema(() =>
  z
    .object({
      /**
       * Business days (the business's time zone), both included; the last 30 by default (one
       * object's whole trail when an object is asked for without them), at most 366.
       */
      from: optionalDay(),
      to: optionalDay(),
      kind: preprocess(emptyIsAbsent, z.optional(z.enum(AUDIT_KINDS))),
      /** The staff member who acted (`system`: the system's own changes). */
      actorId: optionalQueryText(100),
      /** One object's trail: its type and id, both or neither. */
      targetType: preprocess(emptyIsAbsent, z.optional(z.enum(AUDIT_TARGET_TYPES))),
      targetId: optionalQueryText(200),
      /** The `nextCursor` of the page before, for the same filters. */
      cursor: optionalQueryText(400),
      limit: z._default(
        z.coerce.number().check(z.int(), z.gte(1), z.lte(SECURITY_AUDIT_PAGE_LIMIT.max)),
        SECURITY_AUDIT_PAGE_LIMIT.default,
      ),
    })
    .check(
      z.superRefine((query, context) => {
        if (query.targetId !== undefined && query.targetType === undefined)
          context.addIssue({ code: 'custom', path: ['targetType'], message: 'auditTargetType' });
        if (query.targetType !== undefined && query.targetId === undefined)
          context.addIssue({ code: 'custom', path: ['targetId'], message: 'auditTargetId' });
        if (!query.from || !query.to || !isDayDate(query.from) || !isDayDate(query.to)) return;
        const problem = periodProblem(query.from, query.to);
        if (problem) context.addIssue({ code: 'custom', path: [problem.field], message: problem.code });
      }),
    ),
);
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditTrailEntrySchema = /* @__PURE__ */ schema(() =>
  z.object({
    id: z.string(),
    at: z.string(),
    kind: z.enum(ENTRY_KINDS),
    /** The entry's own action name (`rates.update`, `paymentTemplate.update`, `application.status`, …). */
    action: z.string(),
    /** A staff member's id, or `system`. */
    actorId: z.string(),
    /** The staff member's role, or SYSTEM for the jobs and the chain watcher. */
    actorRole: z.union([roleSchema, z.literal('SYSTEM')]),
    /** The staff member's username, else email; null for the system or an account that is gone. */
    actorName: z.nullable(z.string()),
    /** The address and device (User-Agent) of the request that made the change; null for the system's own. */
    ip: z.nullable(z.string()),
    device: z.nullable(z.string()),
    targetType: z.enum(AUDIT_TARGET_TYPES),
    targetId: z.string(),
    /** The account's username, else email, for a user target; null otherwise or if gone. */
    targetName: z.nullable(z.string()),
    /** The changed fields before and after (a secret setting's value withheld below its role). */
    before: z.nullable(z.record(z.string(), z.unknown())),
    after: z.nullable(z.record(z.string(), z.unknown())),
  }),
);
export type AuditEntryView = z.infer<typeof auditTrailEntrySchema>;

/**
 * A page of the trail, newest first, with the business days read (null: one object's whole trail)
 * and their zone. No total: counting would read it all.
 */
export const auditPageSchema = /* @__PURE__ */ schema(() =>
  z.object({
    items: z.array(auditTrailEntrySchema),
    nextCursor: z.nullable(z.string()),
    period: z.nullable(z.object({ from: z.string(), to: z.string() })),
    timeZone: z.string(),
  }),
);
export type AuditPage = z.infer<typeof auditPageSchema>;
