import { randomUUID } from 'node:crypto';
import { auditPut } from '@functions/data/audit';
import {
  findStaffInvitation,
  inviterStillGrants,
  type StaffInvitationRecord,
  setInvitationPendingSecret,
  staffInvitationDelete,
} from '@functions/data/staff-invitations';
import {
  createUser,
  findUserByEmail,
  findUserById,
  UserChangedError,
  UserConflictError,
  type UserRecord,
} from '@functions/data/users';
import { InvitationLinkInvalid, MfaCodeWrong, MfaSetupMissing } from '@functions/domain/accounts/errors';
import {
  firstCodeStep,
  newRecoveryCodes,
  newTotpSecret,
  sealedTotpSecret,
} from '@functions/domain/accounts/mfa';
import { hashPassword } from '@functions/domain/accounts/passwords';
import { hashToken, newReferralCode } from '@functions/domain/accounts/secrets';
import type { SessionTokens } from '@functions/domain/accounts/sessions';
import { signInWithProvenFactor } from '@functions/domain/accounts/sign-in';
import { USERNAME_MAX_LENGTH } from '@shared/constants';
import type { StaffInvitationOpenData } from '@shared/contract/staff-invitations';
import { businessTimeZone } from '../settings/business-time';
import { InvitationAddressTaken, InvitationWithdrawn } from './errors';
import { inviterMayGrant, rolesMayInvite } from './permissions';

/**
 * The invitation a link's token names, while the link works: its secret the newest, unexpired, and
 * its sender still active with the right to grant its role.
 */
async function liveInvitation(token: string, now: Date): Promise<StaffInvitationRecord> {
  const [id, secret, ...rest] = token.split('.');
  if (!id || !secret || rest.length > 0) throw new InvitationLinkInvalid();
  const invitation = await findStaffInvitation(id);
  if (!invitation || invitation.secretHash !== hashToken(secret) || invitation.expiresAtMs <= now.getTime()) {
    throw new InvitationLinkInvalid();
  }
  if (!(await senderStillGrants(invitation))) throw new InvitationWithdrawn();
  return invitation;
}

/** Whether the invitation's sender may still grant its role (deactivation or demotion voids it). */
async function senderStillGrants(invitation: StaffInvitationRecord): Promise<boolean> {
  return inviterMayGrant(await findUserById(invitation.invitedBy, true), invitation.role);
}

/**
 * The invitee opens the link: who is invited, with which role, and the TOTP secret to add to an
 * authenticator app (stored sealed on the invitation; see `offeredSecret`).
 */
export async function openInvitation(token: string, now = new Date()): Promise<StaffInvitationOpenData> {
  const invitation = await liveInvitation(token, now);
  const totp = await offeredSecret(invitation, () => liveInvitation(token, now));
  return {
    email: invitation.email,
    role: invitation.role as StaffInvitationOpenData['role'],
    language: invitation.language,
    expiresAt: new Date(invitation.expiresAtMs).toISOString(),
    secret: totp.secret,
    otpauthUrl: totp.otpauthUrl,
  };
}

/**
 * The secret the link offers: a new one the first time it is opened, the same one after that, so
 * a second tab (or a reload) shows the secret the first tab's app was set up with. Two first
 * openings at once store one secret; the other reads it back. A resend clears it with the old link.
 */
async function offeredSecret(
  invitation: StaffInvitationRecord,
  reread: () => Promise<StaffInvitationRecord>,
) {
  if (invitation.mfaPendingSecret) return sealedTotpSecret(invitation.mfaPendingSecret, invitation.email);
  const fresh = await newTotpSecret(invitation.email);
  if (await setInvitationPendingSecret(invitation, fresh.sealed)) return fresh;
  const stored = (await reread()).mfaPendingSecret;
  if (!stored) throw new InvitationLinkInvalid();
  return sealedTotpSecret(stored, invitation.email);
}

/**
 * The invitee accepts: the password and a first code of the offered secret. In one transaction the
 * invitation is used up (only while its link is the newest and unexpired: a second use, a revoke
 * or a resend in between loses; and only while its sender is still active in a role that grants
 * the invited one), the account is created (verified: the link proved the address;
 * the invited role; the second factor on) and the acceptance audited. The invitee is logged in and
 * shown the recovery codes, once.
 */
export async function acceptInvitation(input: {
  token: string;
  password: string;
  code: string;
  now?: Date;
}): Promise<SessionTokens & { user: UserRecord; recoveryCodes: string[] }> {
  const now = input.now ?? new Date();
  const invitation = await liveInvitation(input.token, now);
  if (!invitation.mfaPendingSecret) throw new MfaSetupMissing();
  const step = await firstCodeStep(invitation.mfaPendingSecret, invitation.email, input.code, now);
  if (step === null) throw new MfaCodeWrong();
  if (await findUserByEmail(invitation.email)) throw new InvitationAddressTaken();
  const passwordHash = await hashPassword(input.password);
  const recovery = newRecoveryCodes();
  const mfa = { secret: invitation.mfaPendingSecret, lastStep: step, recoveryHashes: recovery.hashes };
  const id = randomUUID();
  const base = (invitation.email.split('@')[0] ?? '').replace(/[^A-Za-z0-9_]/g, '_').slice(0, 20) || 'staff';
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const username = (attempt === 0 ? base.padEnd(3, '_') : `${base}_${randomUUID().slice(0, 6)}`).slice(
      0,
      USERNAME_MAX_LENGTH,
    );
    try {
      const user = await createUser(
        {
          id,
          email: invitation.email,
          username,
          passwordHash,
          referralCode: newReferralCode(),
          language: invitation.language,
          role: invitation.role,
          emailVerified: true,
          now,
          timeZone: await businessTimeZone(),
          mfa,
        },
        [
          staffInvitationDelete(invitation, now),
          // The sender's right is checked at commit: a deactivation or demotion since the read voids it.
          inviterStillGrants(invitation.invitedBy, rolesMayInvite(invitation.role)),
          auditPut({
            actorId: id,
            actorRole: invitation.role,
            action: 'staffInvitation.accept',
            targetType: 'staffInvitation',
            targetId: invitation.id,
            before: { email: invitation.email, role: invitation.role, invitedBy: invitation.invitedBy },
            after: { userId: id },
            at: now,
          }),
        ],
      );
      const withMfa: UserRecord = {
        ...user,
        mfaEnabled: true,
        mfaSecret: mfa.secret,
        mfaLastStep: step,
        mfaRecoveryHashes: new Set(recovery.hashes),
      };
      return { ...(await signInWithProvenFactor(withMfa, now)), recoveryCodes: recovery.codes };
    } catch (error) {
      if (error instanceof UserConflictError) {
        if (error.conflicts.includes('email')) throw new InvitationAddressTaken();
        if (error.conflicts.includes('username')) continue;
      }
      // The invitation's own condition (used, revoked, resent or lapsed meanwhile), or its sender's.
      if (error instanceof UserChangedError) {
        throw (await senderStillGrants(invitation)) ? new InvitationLinkInvalid() : new InvitationWithdrawn();
      }
      throw error;
    }
  }
  throw new Error('Could not create the invited account: no free username');
}
