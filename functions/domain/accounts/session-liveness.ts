import type { SessionRecord } from '@functions/data/sessions';
import type { UserRecord } from '@functions/data/users';

/**
 * Whether a family may still be used by this user right now: not revoked (logout, a staff revoke,
 * refresh-token reuse), within its 30 days, and on the user's current sessionEpoch (a password
 * change or reset, a deactivation, a second factor turned on or reset end every family). A module
 * of its own so the live fan-out reads it without the token-signing code.
 */
export function isSessionLive(
  session: Pick<SessionRecord, 'userId' | 'revokedAt' | 'endsAtMs' | 'epoch'> | undefined,
  user: Pick<UserRecord, 'id' | 'sessionEpoch'>,
  now: Date,
): boolean {
  return (
    session !== undefined &&
    session.userId === user.id &&
    session.revokedAt === undefined &&
    session.endsAtMs > now.getTime() &&
    session.epoch === (user.sessionEpoch ?? 0)
  );
}
