import { randomUUID } from 'node:crypto';
import { actorStillEntitled } from '@functions/data/admin-users';
import { outboxPut } from '@functions/data/outbox';
import {
  findStaffInvitation,
  listStaffInvitations,
  type StaffInvitationRecord,
  staffInvitationDelete,
  staffInvitationPut,
  staffInvitationRenewal,
} from '@functions/data/staff-invitations';
import { type TransactItem, transactWrite } from '@functions/data/transactions';
import { findUserByEmail, findUserById, normalizeEmail } from '@functions/data/users';
import { staffInvitationLink } from '@functions/domain/accounts/links';
import type { Actor } from '@functions/domain/accounts/principal';
import { hashToken, newOpaqueToken } from '@functions/domain/accounts/secrets';
import { countQueuedMails } from '@functions/domain/outbox/queue';
import { staffInvitationMail } from '@functions/mail/account-mails';
import type { InviteStaffBody, StaffInvitationView } from '@shared/contract/staff-invitations';
import type { Role } from '@shared/enums';
import { invitableRoles } from '@shared/permissions';
import { isLostRace, rereadActor } from './change-user';
import {
  ChangeNeedsAdmin,
  InvitationAddressTaken,
  InvitationAlreadyPending,
  InvitationNotFound,
  RoleNotGrantable,
  UserChangedMeanwhile,
} from './errors';
import { invitationAuditItem } from './invitation-audit';

/** How long an invitation's link works: 48 hours from its mail (the first, or a resend). */
export const STAFF_INVITATION_TTL_MS = 48 * 60 * 60 * 1000;
const TTL_HOURS = STAFF_INVITATION_TTL_MS / 3_600_000;

/** The link's token: the invitation's id and a secret whose hash only is stored. */
export function invitationToken(id: string, secret: string): string {
  return `${id}.${secret}`;
}

function assertMayInvite(actor: Actor, role: Role): void {
  const roles = invitableRoles(actor);
  if (roles.length === 0) throw new ChangeNeedsAdmin();
  if (!roles.includes(role)) throw new RoleNotGrantable();
}

function mailItem(invitation: StaffInvitationRecord, secret: string, now: Date): TransactItem {
  const link = staffInvitationLink(invitationToken(invitation.id, secret));
  return outboxPut(
    'staff-invitation',
    staffInvitationMail(invitation, invitation.role, link, TTL_HOURS),
    now,
  );
}

/**
 * An ADMIN invites a staff member: an address with no account, a staff role the actor may grant.
 * The invitation, its mail (the link) and the audit entry are written in one transaction, with a
 * check that the actor still holds their role. An address that has an account is refused: that
 * account is promoted by a role change instead (docs/decisions.md).
 */
export async function inviteStaff(
  actor: Actor,
  input: InviteStaffBody,
  now = new Date(),
): Promise<StaffInvitationView> {
  assertMayInvite(actor, input.role);
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(email)) throw new InvitationAddressTaken();
  const pending = (await listStaffInvitations()).find(
    (invitation) => invitation.email === email && invitation.expiresAtMs > now.getTime(),
  );
  if (pending) throw new InvitationAlreadyPending();
  const secret = newOpaqueToken();
  const invitation: StaffInvitationRecord = {
    id: randomUUID(),
    email,
    role: input.role,
    language: input.language,
    invitedBy: actor.id,
    createdAt: now.toISOString(),
    sentAt: now.toISOString(),
    expiresAtMs: now.getTime() + STAFF_INVITATION_TTL_MS,
    secretHash: hashToken(secret),
  };
  try {
    await transactWrite([
      staffInvitationPut(invitation),
      mailItem(invitation, secret, now),
      invitationAuditItem(actor, 'staffInvitation.invite', invitation, now),
      actorStillEntitled(actor),
    ]);
  } catch (error) {
    if (isLostRace(error)) throw await lostRace(actor);
    throw error;
  }
  countQueuedMails();
  return (await toViews([invitation], now))[0]!;
}

/** The invitations not accepted nor revoked (lapsed ones too, to resend), oldest first, with the inviter's name. */
export async function listPendingInvitations(now = new Date()): Promise<StaffInvitationView[]> {
  return toViews(await listStaffInvitations(), now);
}

/** A new link (48 hours from now) mailed again; the older link stops working. */
export async function resendInvitation(
  actor: Actor,
  id: string,
  now = new Date(),
): Promise<StaffInvitationView> {
  const invitation = await findStaffInvitation(id);
  if (!invitation) throw new InvitationNotFound();
  assertMayInvite(actor, invitation.role);
  const secret = newOpaqueToken();
  const renewed: StaffInvitationRecord = {
    ...invitation,
    secretHash: hashToken(secret),
    expiresAtMs: now.getTime() + STAFF_INVITATION_TTL_MS,
    sentAt: now.toISOString(),
  };
  delete renewed.mfaPendingSecret;
  try {
    await transactWrite([
      staffInvitationRenewal(invitation, renewed),
      mailItem(renewed, secret, now),
      invitationAuditItem(actor, 'staffInvitation.resend', renewed, now),
      actorStillEntitled(actor),
    ]);
  } catch (error) {
    if (isLostRace(error)) throw await lostRace(actor, id);
    throw error;
  }
  countQueuedMails();
  return (await toViews([renewed], now))[0]!;
}

/** Withdraws an invitation: its link stops working at once. */
export async function revokeInvitation(actor: Actor, id: string, now = new Date()): Promise<void> {
  const invitation = await findStaffInvitation(id);
  if (!invitation) throw new InvitationNotFound();
  assertMayInvite(actor, invitation.role);
  try {
    await transactWrite([
      staffInvitationDelete(invitation),
      invitationAuditItem(actor, 'staffInvitation.revoke', invitation, now),
      actorStillEntitled(actor),
    ]);
  } catch (error) {
    if (isLostRace(error)) throw await lostRace(actor, id);
    throw error;
  }
}

/** Why a write lost: the actor lost the right, the invitation went (accepted, revoked), or a race. */
async function lostRace(actor: Actor, id?: string): Promise<Error> {
  const current = await rereadActor(actor.id);
  if (!current.isActive || current.role !== actor.role) return new ChangeNeedsAdmin();
  if (id && !(await findStaffInvitation(id))) return new InvitationNotFound();
  return new UserChangedMeanwhile();
}

async function toViews(invitations: StaffInvitationRecord[], now: Date): Promise<StaffInvitationView[]> {
  const inviterIds = [...new Set(invitations.map((invitation) => invitation.invitedBy))];
  const inviters = new Map(
    await Promise.all(inviterIds.map(async (id) => [id, await findUserById(id)] as const)),
  );
  return invitations.map((invitation) => {
    const inviter = inviters.get(invitation.invitedBy);
    return {
      id: invitation.id,
      email: invitation.email,
      role: invitation.role as StaffInvitationView['role'],
      language: invitation.language,
      invitedBy: { id: invitation.invitedBy, name: inviter?.username ?? inviter?.email ?? null },
      createdAt: invitation.createdAt,
      sentAt: invitation.sentAt,
      expiresAt: new Date(invitation.expiresAtMs).toISOString(),
      expired: invitation.expiresAtMs <= now.getTime(),
    };
  });
}
