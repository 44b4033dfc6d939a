import { auditPut } from '@functions/data/audit';
import type { StaffInvitationRecord } from '@functions/data/staff-invitations';
import type { TransactItem } from '@functions/data/transactions';
import type { Actor } from '@functions/domain/accounts/principal';

/** The staff actions on an invitation its audit trail names (target `staffInvitation`). */
export type InvitationAction = 'staffInvitation.invite' | 'staffInvitation.resend' | 'staffInvitation.revoke';

/**
 * Why an invitation was revoked without anyone revoking it: its sender was deactivated or may no
 * longer grant its role. Absent for a staff member's own revoke.
 */
export type RevokedBecause = 'inviterDeactivated' | 'inviterRoleChanged';

/** The audit entry of a staff action on an invitation, for the action's own transaction. */
export function invitationAuditItem(
  actor: Pick<Actor, 'id' | 'role'>,
  action: InvitationAction,
  invitation: StaffInvitationRecord,
  now: Date,
  revokedBecause?: RevokedBecause,
): TransactItem {
  const facts = { email: invitation.email, role: invitation.role };
  return auditPut({
    actorId: actor.id,
    actorRole: actor.role,
    action,
    targetType: 'staffInvitation',
    targetId: invitation.id,
    before: action === 'staffInvitation.invite' ? null : facts,
    after:
      action === 'staffInvitation.revoke'
        ? revokedBecause
          ? { revokedBecause, invitedBy: invitation.invitedBy }
          : null
        : { ...facts, expiresAt: new Date(invitation.expiresAtMs).toISOString() },
    at: now,
  });
}
