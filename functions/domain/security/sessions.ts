import { actorStillEntitled, listActiveStaff } from '@functions/data/admin-users';
import { auditPut } from '@functions/data/audit';
import {
  findSession,
  listUserSessions,
  type SessionRecord,
  sessionRevokeUpdate,
} from '@functions/data/sessions';
import { Transaction, TransactionCancelledError } from '@functions/data/transactions';
import { findUserById, type UserRecord } from '@functions/data/users';
import type { Actor, Principal } from '@functions/domain/accounts/principal';
import { isSessionLive } from '@functions/domain/accounts/session-liveness';
import { closeConnectionsOf } from '@functions/domain/live/connections';
import type { StaffSessions, StaffSessionView } from '@shared/contract/security';
import { isStaffRole, roleRank } from '@shared/enums';
import { SessionRevokeNeedsSuperAdmin, StaffSessionAlreadyEnded, StaffSessionNotFound } from './errors';

/** The audit's name of a staff revoke (the security audit log's `session` kind). */
export const SESSION_REVOKE_ACTION = 'session.revoke';
/** What a revoked family's `revokedReason` says. */
const REVOKE_REASON = 'staff-revoke';

function sessionView(session: SessionRecord, currentSessionId: string): StaffSessionView {
  return {
    id: session.id,
    createdAt: session.createdAt,
    lastRefreshedAt: session.lastRotatedAt ?? null,
    endsAt: new Date(session.endsAtMs).toISOString(),
    current: session.id === currentSessionId,
  };
}

/**
 * GET /admin/security/sessions: every active staff member (highest role first, then by name) with
 * their live session families, newest first (pattern 40 per member, pattern 24 for the staff).
 */
export async function listStaffSessions(principal: Principal, now = new Date()): Promise<StaffSessions> {
  const staff = await listActiveStaff();
  const members = await Promise.all(
    staff.map(async (user: UserRecord) => {
      const sessions = await listUserSessions(user.id);
      return {
        id: user.id,
        username: user.username,
        email: user.email,
        role: user.role,
        mfaEnabled: user.mfaEnabled === true,
        sessions: sessions
          .filter((session) => isSessionLive(session, user, now))
          .map((session) => sessionView(session, principal.sessionId)),
      };
    }),
  );
  members.sort(
    (a, b) =>
      roleRank(b.role) - roleRank(a.role) || (a.username ?? a.email).localeCompare(b.username ?? b.email),
  );
  return { staff: members };
}

/**
 * DELETE /admin/security/sessions/{id}: a SUPER_ADMIN ends a staff member's session at once, the
 * way a logout does (the family revoked: its refresh token refused, its access tokens refused at
 * their next request's check, its live connections closed after the commit), audited on the staff
 * member's trail in the same transaction, with a check that the actor is still an active SUPER_ADMIN.
 */
export async function revokeStaffSession(actor: Actor, sessionId: string, now = new Date()): Promise<void> {
  const session = await findSession(sessionId);
  const owner = session ? await findUserById(session.userId, true) : undefined;
  if (!session || !owner || !isStaffRole(owner.role)) throw new StaffSessionNotFound();
  if (!isSessionLive(session, owner, now)) throw new StaffSessionAlreadyEnded();
  try {
    await new Transaction()
      .add('session', sessionRevokeUpdate(session, REVOKE_REASON, now))
      .add(
        'audit',
        auditPut({
          actorId: actor.id,
          actorRole: actor.role,
          action: SESSION_REVOKE_ACTION,
          targetType: 'user',
          targetId: owner.id,
          before: { sessionId: session.id, createdAt: session.createdAt },
          after: { sessionId: session.id, revokedAt: now.toISOString() },
          at: now,
        }),
      )
      .add('actor', actorStillEntitled(actor))
      .run();
  } catch (error) {
    if (error instanceof TransactionCancelledError) {
      if (error.failedOn('actor')) throw new SessionRevokeNeedsSuperAdmin();
      if (error.failedOn('session')) throw new StaffSessionAlreadyEnded();
    }
    throw error;
  }
  await closeConnectionsOf(owner.id, { sessionId: session.id }, now);
}
