import { outboxPut } from '@functions/data/outbox';
import { setPasswordHash, UserChangedError } from '@functions/data/users';
import { passwordChangedMail } from '@functions/mail/account-mails';
import { countQueuedMails } from '../outbox/queue';
import { confirmCurrentPassword } from './current-password';
import { AccountChangedMeanwhile } from './errors';
import { hashPassword } from './passwords';
import type { Principal } from './principal';

/**
 * Changes the caller's password. A wrong current password is a field error and counts as a failed
 * login (so a stolen access token cannot be used to guess the password). On success every other
 * session of the user ends; the caller's session stays; a notice mail is queued in the same
 * transaction.
 */
export async function changePassword(input: {
  principal: Principal;
  currentPassword: string;
  newPassword: string;
  ip: string;
  now?: Date;
}): Promise<void> {
  const now = input.now ?? new Date();
  const { user, sessionId } = input.principal;
  await confirmCurrentPassword(user, input.currentPassword, input.ip, now);
  try {
    await setPasswordHash(user, await hashPassword(input.newPassword), {
      now,
      keepSessionId: sessionId,
      extraItems: [outboxPut('password-changed', passwordChangedMail(user), now)],
    });
  } catch (error) {
    if (error instanceof UserChangedError) {
      throw new AccountChangedMeanwhile();
    }
    throw error;
  }
  countQueuedMails();
}
