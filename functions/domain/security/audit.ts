import { type AuditEntry, type AuditMatch, readAudit } from '@functions/data/audit';
import { findUserSummaries } from '@functions/data/user-summaries';
import type { Principal } from '@functions/domain/accounts/principal';
import { PeriodRefused } from '@functions/domain/transactions/errors';
import { shiftDay } from '@shared/business-time';
import {
  SECURITY_AUDIT_QUERIES_PER_PAGE,
  SETTING_DEFAULTS,
  SETTING_KEYS,
  type SettingKey,
  TRANSACTIONS_DEFAULT_PERIOD_DAYS,
} from '@shared/constants';
import { mayReadSetting } from '@shared/contract/admin';
import type {
  SecurityAuditEntry,
  SecurityAuditKind,
  SecurityAuditPage,
  SecurityAuditQuery,
} from '@shared/contract/security';
import { periodProblem } from '@shared/contract/transactions';
import { SESSION_REVOKE_ACTION } from './sessions';

/**
 * The audit log of security-relevant changes (docs/product.md §2, the security settings page): of
 * what the audit trail records, the entries of each kind below. A staff edit of a user
 * (`user.update`) counts where it changed the role or isActive. Failed logins and lockouts are not
 * audit entries (they are counters, pattern 12), nor is a user turning their own second factor on
 * or off; a SUPER_ADMIN's reset of another's is (docs/decisions.md).
 */
const KIND_MATCHES: Record<SecurityAuditKind, readonly AuditMatch[]> = {
  role: [{ action: 'user.role' }, { action: 'user.update', field: 'role' }],
  activation: [
    { action: 'user.activate' },
    { action: 'user.deactivate' },
    { action: 'user.update', field: 'isActive' },
  ],
  mfa: [{ action: 'user.resetMfa' }],
  session: [{ action: SESSION_REVOKE_ACTION }],
  setting: [{ action: 'setting.update' }, { action: 'telegram.webhook' }],
};

/** Every security-relevant change: the security log's, and the audit page's `security` kind. */
export const SECURITY_MATCHES: readonly AuditMatch[] = Object.values(KIND_MATCHES).flat();

/** The kind of an entry the filter let through (a `user.update` with both a role and isActive is a role change). */
function kindOf(entry: AuditEntry): SecurityAuditKind {
  for (const [kind, matches] of Object.entries(KIND_MATCHES) as [
    SecurityAuditKind,
    readonly AuditMatch[],
  ][]) {
    if (
      matches.some(
        (match) =>
          match.action === entry.action && (!match.field || entry.after?.[match.field] !== undefined),
      )
    ) {
      return kind;
    }
  }
  return 'setting';
}

/** The period to read: as given, `to` today (UTC) when absent, `from` the 30 days up to `to` when absent. */
function resolvePeriod(query: SecurityAuditQuery, now: Date) {
  const to = query.to ?? now.toISOString().slice(0, 10);
  const from = query.from ?? shiftDay(to, -(TRANSACTIONS_DEFAULT_PERIOD_DAYS - 1));
  const problem = periodProblem(from, to);
  if (problem) throw new PeriodRefused(problem);
  return { from, to };
}

const isSettingKey = (key: string): key is SettingKey => (SETTING_KEYS as readonly string[]).includes(key);

/** A secret setting's value (the export token) is shown only to the roles that may read it. */
export function withheld(entry: AuditEntry, viewer: Principal): Pick<AuditEntry, 'before' | 'after'> {
  const key = entry.targetId;
  if (entry.targetType !== 'setting' || !isSettingKey(key)) return entry;
  const secret = 'secret' in SETTING_DEFAULTS[key] && SETTING_DEFAULTS[key].secret;
  if (!secret || mayReadSetting(key, viewer.role)) return entry;
  const hide = (side: Record<string, unknown> | null) =>
    side && 'value' in side ? { ...side, value: null } : side;
  return { before: hide(entry.before), after: hide(entry.after) };
}

/** GET /admin/security/audit: a page of the period's security-relevant entries, newest first. */
export async function listSecurityAudit(
  query: SecurityAuditQuery,
  viewer: Principal,
  now = new Date(),
): Promise<SecurityAuditPage> {
  const period = resolvePeriod(query, now);
  const page = await readAudit(
    {
      since: `${period.from}T00:00:00.000Z`,
      until: `${shiftDay(period.to, 1)}T00:00:00.000Z`,
      matches: query.kind ? KIND_MATCHES[query.kind] : SECURITY_MATCHES,
      actorId: query.actorId,
    },
    { limit: query.limit, cursor: query.cursor, maxQueries: SECURITY_AUDIT_QUERIES_PER_PAGE },
  );
  const people = await findUserSummaries(
    page.entries.flatMap((entry) =>
      entry.targetType === 'user' ? [entry.actorId, entry.targetId] : [entry.actorId],
    ),
  );
  const nameOf = (id: string) => {
    const user = people.get(id);
    return user ? (user.username ?? user.email) : null;
  };
  const items: SecurityAuditEntry[] = page.entries.map((entry) => ({
    id: entry.id,
    at: entry.at,
    kind: kindOf(entry),
    action: entry.action,
    actorId: entry.actorId,
    actorRole: entry.actorRole,
    actorName: nameOf(entry.actorId),
    targetType: entry.targetType,
    targetId: entry.targetId,
    targetName: entry.targetType === 'user' ? nameOf(entry.targetId) : null,
    ...withheld(entry, viewer),
  }));
  return { items, nextCursor: page.nextCursor, period };
}
