import { readAudit } from '@functions/data/audit';
import { findUserSummaries } from '@functions/data/user-summaries';
import type { Principal } from '@functions/domain/accounts/principal';
import { SECURITY_MATCHES, withheld } from '@functions/domain/security/audit';
import { businessTimeZone } from '@functions/domain/settings/business-time';
import { PeriodRefused } from '@functions/domain/transactions/errors';
import { businessDayOf, periodBounds, shiftDay } from '@shared/business-time';
import { SECURITY_AUDIT_QUERIES_PER_PAGE, TRANSACTIONS_DEFAULT_PERIOD_DAYS } from '@shared/constants';
import {
  AUDIT_KIND_TARGETS,
  type AuditEntryView,
  type AuditPage,
  type AuditQuery,
  auditKindOf,
} from '@shared/contract/audit';
import { periodProblem } from '@shared/contract/transactions';

/** The business days to read: as given, `to` the business's today when absent, `from` the 30 days up to `to`. */
function resolvePeriod(query: AuditQuery, timeZone: string, now: Date) {
  const to = query.to ?? businessDayOf(now, timeZone);
  const from = query.from ?? shiftDay(to, -(TRANSACTIONS_DEFAULT_PERIOD_DAYS - 1));
  const problem = periodProblem(from, to);
  if (problem) throw new PeriodRefused(problem);
  return { from, to };
}

/** Before any entry: the start of an object's whole trail. */
const TRAIL_START = '2000-01-01T00:00:00.000Z';

/**
 * The instants to read: the period's, or, for one object asked without a period, its whole trail
 * (one partition, so no day is read in vain) up to a day from now, beyond any clock's skew.
 */
function resolveSpan(query: AuditQuery, timeZone: string, now: Date) {
  if (query.targetType && !query.from && !query.to) {
    const until = new Date(now.getTime() + 86_400_000).toISOString();
    return { period: null, since: TRAIL_START, until };
  }
  const period = resolvePeriod(query, timeZone, now);
  const { since, until } = periodBounds(period.from, period.to, timeZone);
  return { period, since: since.toISOString(), until: until.toISOString() };
}

/**
 * GET /admin/audit: a page of the trail, newest first. The period is of business days: their
 * instants span two UTC days each, which the reader reads both of (functions/data/audit.ts). With
 * an object, its own partition is read (a deal's, an account's trail) instead of the days' index,
 * all of it when no period is asked for.
 */
export async function listAuditTrail(
  query: AuditQuery,
  viewer: Principal,
  now = new Date(),
): Promise<AuditPage> {
  const timeZone = await businessTimeZone();
  const { period, since, until } = resolveSpan(query, timeZone, now);
  const targets = query.kind ? AUDIT_KIND_TARGETS[query.kind] : null;
  const page = await readAudit(
    {
      since,
      until,
      matches: query.kind === 'security' ? SECURITY_MATCHES : undefined,
      targetTypes: targets ?? undefined,
      actorId: query.actorId,
      target: query.targetType && query.targetId ? { type: query.targetType, id: query.targetId } : undefined,
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
  const items: AuditEntryView[] = page.entries.map((entry) => ({
    id: entry.id,
    at: entry.at,
    kind: auditKindOf(entry.targetType),
    action: entry.action,
    actorId: entry.actorId,
    actorRole: entry.actorRole,
    actorName: nameOf(entry.actorId),
    ip: entry.ip,
    device: entry.device,
    targetType: entry.targetType,
    targetId: entry.targetId,
    targetName: entry.targetType === 'user' ? nameOf(entry.targetId) : null,
    ...withheld(entry, viewer),
  }));
  return { items, nextCursor: page.nextCursor, period, timeZone };
}
