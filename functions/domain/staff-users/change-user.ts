import { actorStillEntitled } from '@functions/data/admin-users';
import { auditPut } from '@functions/data/audit';
import { outboxPut } from '@functions/data/outbox';
import type { TransactItem } from '@functions/data/transactions';
import {
  findUserById,
  normalizeEmail,
  UserChangedError,
  type UserChanges,
  UserConflictError,
  type UserRecord,
} from '@functions/data/users';
import { updateAccount } from '@functions/domain/accounts/account-changes';
import type { Actor } from '@functions/domain/accounts/principal';
import { closeConnectionsOf } from '@functions/domain/live/connections';
import { countQueuedMails } from '@functions/domain/outbox/queue';
import { roleChangedMail } from '@functions/mail/account-mails';
import type { AdminUserUpdate } from '@shared/contract/admin-users';
import type { Role } from '@shared/enums';
import { fieldError } from '@shared/field-rules';
import { sameScope, scopeOfRole } from '@shared/staff-scope';
import { ScopeOnlyForManagers, UserChangedMeanwhile, UserFieldTaken, UserNotFound } from './errors';
import { invitationsVoidedBy } from './inviter-invitations';
import { assertMayChange } from './permissions';

/** The staff actions on users the audit trail names. */
export type UserAction =
  | 'user.update'
  | 'user.role'
  | 'user.activate'
  | 'user.deactivate'
  | 'user.resetReferrals';

/** A read-check-write that lost a race is tried again from a fresh read this many times. */
export const STAFF_WRITE_ATTEMPTS = 3;

/**
 * Applies a staff member's changes to a user: reads the target (consistently), checks the role
 * hierarchy, and writes in ONE transaction the update (conditional on the role, isActive, email
 * and username read; markers moved for a new email/username; sessions ended on deactivation),
 * the audit entry with before/after of the changed fields, and a check that the actor is still
 * entitled, and for a role change the holder's notice mail; a deactivation or demotion also revokes
 * the pending invitations the user sent that they may no longer grant. After the commit a role
 * change or a deactivation closes the user's live connections. A lost race is retried from
 * a fresh read of both the target and the actor, so the outcome is decided on current data: 403 if
 * the actor lost the right, 409 if it keeps failing.
 */
export async function changeUser(
  actor: Actor,
  targetId: string,
  changes: UserChanges,
  action: UserAction,
  now = new Date(),
): Promise<UserRecord> {
  let current = actor;
  for (let attempt = 0; attempt < STAFF_WRITE_ATTEMPTS; attempt += 1) {
    if (attempt > 0) current = await rereadActor(actor.id);
    const target = await findUserById(targetId, true);
    if (!target) throw new UserNotFound();
    assertMayChange(current, target, changes);
    if (changes.staffScope !== undefined && (changes.role ?? target.role) !== 'MANAGER')
      throw new ScopeOnlyForManagers();
    const diff = changedFields(target, changes);
    if (!diff) return target;
    const extraItems: TransactItem[] = [
      auditPut({
        actorId: current.id,
        actorRole: current.role,
        action,
        targetType: 'user',
        targetId: target.id,
        before: diff.before,
        after: diff.after,
        at: now,
      }),
    ];
    // A role change is a security notice to the holder, queued with the change itself.
    const roleMail =
      diff.after.role !== undefined
        ? [outboxPut('role-changed', roleChangedMail(target, target.role, diff.after.role as Role), now)]
        : [];
    extraItems.push(...roleMail);
    // Invitations speak for their sender: a deactivation or demotion revokes those it no longer backs.
    const voided = await invitationsVoidedBy(current, target, changes, now);
    extraItems.push(...voided.items);
    // One active SUPER_ADMIN always stays: only another super admin may demote or deactivate one
    // (self-demotion is refused above), and this check proves that one is still active at commit.
    // An actor editing themselves is checked by the target's own conditions (one item per key).
    if (current.id !== target.id) extraItems.push(actorStillEntitled(current));
    try {
      const updated = await updateAccount(target, changes, now, {
        expect: { role: target.role, isActive: target.isActive },
        extraItems,
      });
      countQueuedMails(roleMail.length);
      await voided.revokeRest();
      // A live connection keeps the role it was opened with: a new role or a deactivation ends them
      // (a client still allowed reconnects with a ticket of the new role).
      if (diff.after.role !== undefined || diff.after.isActive === false) await closeConnectionsOf(target.id);
      return updated;
    } catch (error) {
      if (error instanceof UserConflictError) throw conflictAnswer(error);
      if (!isLostRace(error)) throw error;
    }
  }
  throw new UserChangedMeanwhile();
}

/** The acting staff member as stored now (a retry must not trust the authentication-time copy). */
export async function rereadActor(actorId: string): Promise<Actor> {
  const user = await findUserById(actorId, true);
  return user
    ? { id: user.id, role: user.role, isActive: user.isActive }
    : { id: actorId, role: 'USER', isActive: false };
}

/** A failed condition or a concurrent transaction on the same items: read again and retry. */
export function isLostRace(error: unknown): boolean {
  return (
    error instanceof UserChangedError ||
    (error as Error | undefined)?.name === 'TransactionCanceledException' ||
    (error as Error | undefined)?.name === 'TransactionCancelledError'
  );
}

function conflictAnswer(error: UserConflictError): UserFieldTaken {
  const errors = error.conflicts.flatMap((conflict) => {
    if (conflict === 'email') return [fieldError('email', 'emailInUse')];
    if (conflict === 'username') return [fieldError('username', 'usernameTaken')];
    return [];
  });
  return new UserFieldTaken(errors);
}

type AuditedField = Exclude<keyof UserChanges, 'photo_url' | 'telegramId' | 'emailVerified'>;
const AUDITED_FIELDS: AuditedField[] = ['email', 'username', 'role', 'isActive', 'language', 'adminComment'];

/**
 * The fields `changes` really changes, before and after; undefined when nothing changes. A
 * MANAGER's rights are recorded as `scope`, as staff read them (none stored: every deal).
 */
function changedFields(
  target: UserRecord,
  changes: UserChanges,
): { before: Record<string, unknown>; after: Record<string, unknown> } | undefined {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const field of AUDITED_FIELDS) {
    const wanted =
      field === 'email' && changes.email !== undefined ? normalizeEmail(changes.email) : changes[field];
    if (wanted === undefined || wanted === (target[field] ?? null)) continue;
    before[field] = target[field] ?? null;
    after[field] = wanted;
  }
  const scope = scopeOfRole('MANAGER', target.staffScope);
  if (changes.staffScope !== undefined && !sameScope(scope, changes.staffScope)) {
    before.scope = scope;
    after.scope = changes.staffScope;
  }
  return Object.keys(after).length > 0 ? { before, after } : undefined;
}

/** A staff edit's body as changes of the stored user: its `scope` is the record's `staffScope`. */
export function editChanges({ scope, ...fields }: AdminUserUpdate): UserChanges {
  return scope === undefined ? fields : { ...fields, staffScope: scope };
}
