import { logger } from '@functions/commons/logger';
import {
  listStaffInvitations,
  type StaffInvitationRecord,
  staffInvitationDelete,
} from '@functions/data/staff-invitations';
import { type TransactItem, transactWrite } from '@functions/data/transactions';
import type { UserChanges, UserRecord } from '@functions/data/users';
import type { Actor } from '@functions/domain/accounts/principal';
import { invitableRoles } from '@shared/permissions';
import { invitationAuditItem, type RevokedBecause } from './invitation-audit';

/**
 * At most this many of the sender's invitations are revoked inside the change's own transaction
 * (two items each, well under DynamoDB's 100); any beyond are revoked right after it, and the
 * acceptance's check of the sender holds them meanwhile. A sender has a handful at most.
 */
const REVOKED_IN_TRANSACTION = 20;

export interface VoidedInvitations {
  /** The revokes (each with its audit entry) for the staff change's own transaction. */
  items: TransactItem[];
  /** Revokes the invitations beyond the transaction's share, after it committed; failures are logged. */
  revokeRest(): Promise<void>;
}

const NONE: VoidedInvitations = { items: [], revokeRest: async () => {} };

/**
 * The pending invitations a staff change of `target` voids: an invitation speaks for its sender, so
 * those whose role the target may no longer grant once `changes` apply are revoked, audited as a
 * revoke by `actor` with the reason (deactivated: all; an ADMIN made MANAGER: all; a SUPER_ADMIN
 * made ADMIN: all but MANAGER ones). The invitations are one small partition (keys.ts pattern 42).
 */
export async function invitationsVoidedBy(
  actor: Pick<Actor, 'id' | 'role'>,
  target: UserRecord,
  changes: Pick<UserChanges, 'role' | 'isActive'>,
  now: Date,
): Promise<VoidedInvitations> {
  const after = {
    id: target.id,
    role: changes.role ?? target.role,
    isActive: changes.isActive ?? target.isActive,
  };
  if (after.role === target.role && after.isActive === target.isActive) return NONE;
  const grantable = invitableRoles(after);
  const voided = (await listStaffInvitations()).filter(
    (invitation) => invitation.invitedBy === target.id && !grantable.includes(invitation.role),
  );
  if (voided.length === 0) return NONE;
  const because: RevokedBecause = after.isActive ? 'inviterRoleChanged' : 'inviterDeactivated';
  const revokeItems = (invitation: StaffInvitationRecord) => [
    staffInvitationDelete(invitation),
    invitationAuditItem(actor, 'staffInvitation.revoke', invitation, now, because),
  ];
  const rest = voided.slice(REVOKED_IN_TRANSACTION);
  return {
    items: voided.slice(0, REVOKED_IN_TRANSACTION).flatMap(revokeItems),
    async revokeRest() {
      for (const invitation of rest) {
        // One that was accepted, resent or revoked meanwhile fails its condition: logged, left alone.
        await transactWrite(revokeItems(invitation)).catch((error: unknown) =>
          logger.warn('an invitation of a changed sender was not revoked', {
            invitationId: invitation.id,
            error: error as Error,
          }),
        );
      }
    },
  };
}
