import { findUserByEmail } from '@functions/data/users';
import { adminInvitationMail } from '@functions/mail/account-mails';
import { checkedEmail, createSuperAdmin } from './bootstrap';
import { resetPasswordLink } from './links';
import { mailOneTimeLink } from './one-time-links';
import { hashPassword } from './passwords';
import { newOpaqueToken } from './secrets';

/** How long the first SUPER_ADMIN's "set your password" link works. */
export const ADMIN_INVITATION_TTL_MS = 24 * 60 * 60 * 1000;

export type AdminInvitation =
  /** No account had the address: created, and the link's mail queued (false: the address moved meanwhile). */
  | { created: true; mailQueued: boolean }
  /** The address already has an account, left exactly as it is; nothing is mailed. */
  | { created: false };

/**
 * The first SUPER_ADMIN at deploy time, with no password in any template, parameter or log: an
 * active, unverified account whose password hash is of a random value nobody holds, and a mailed
 * single-use link (24 h; queued in the outbox with the link) to set the password, which is the password-reset link: using it sets the
 * password and verifies the address in one transaction. Idempotent: a redeploy, or a second start
 * racing this one, creates and mails nothing more.
 */
export async function inviteSuperAdmin(email: string, now = new Date()): Promise<AdminInvitation> {
  const normalized = checkedEmail(email, 'adminEmail');
  if (await findUserByEmail(normalized)) return { created: false };
  const user = await createSuperAdmin(normalized, await hashPassword(newOpaqueToken()), false);
  if (!user) return { created: false };
  const mailQueued = await mailOneTimeLink(
    user,
    { purpose: 'reset-password', ttlMs: ADMIN_INVITATION_TTL_MS, now },
    { kind: 'admin-invitation', build: (token) => adminInvitationMail(user, resetPasswordLink(token)) },
  );
  return { created: true, mailQueued };
}
