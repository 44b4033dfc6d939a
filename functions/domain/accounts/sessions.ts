import { randomUUID } from 'node:crypto';
import {
  createSession,
  findRefreshToken,
  findSession,
  revokeSession,
  rotateRefreshToken,
} from '@functions/data/sessions';
import { findUserById, type UserRecord } from '@functions/data/users';
import { issueAccessToken } from '@functions/domain/accounts/access-token';
import { AccountDeactivated, RefreshTokenInvalid, SessionEnded } from './errors';
import { hashToken, newOpaqueToken } from './secrets';
import { isSessionLive } from './session-liveness';

/** A family lives at most 30 days from login, however often it is refreshed. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionTokens {
  token: string;
  refreshToken: string;
  sessionId: string;
}

export { isSessionLive };

/** Starts a session family for a user who just proved who they are (login, email verification). */
export async function startSession(user: UserRecord, now = new Date()): Promise<SessionTokens> {
  const sessionId = randomUUID();
  const refreshToken = newOpaqueToken();
  const tokenHash = hashToken(refreshToken);
  const started = await createSession(
    {
      id: sessionId,
      userId: user.id,
      epoch: user.sessionEpoch ?? 0,
      currentTokenHash: tokenHash,
      createdAt: now.toISOString(),
      endsAtMs: now.getTime() + SESSION_LIFETIME_MS,
    },
    { tokenHash, sessionId, userId: user.id, issuedAt: now.toISOString() },
  );
  // The user was deactivated or their sessions were ended between our read and this write.
  if (!started) throw new SessionEnded();
  const token = await issueAccessToken({ userId: user.id, role: user.role, sessionId });
  return { token, refreshToken, sessionId };
}

/**
 * Exchanges a refresh token for a new pair. Presenting a token that was already rotated is
 * treated as theft: the whole family is revoked (that write stays although the request fails).
 * Two requests racing with one token: the transaction lets exactly one rotate it; the loser's
 * failed condition is the same reuse, so the family ends and both tabs must log in again.
 */
export async function refreshSession(
  presentedToken: string,
  now = new Date(),
): Promise<SessionTokens & { user: UserRecord }> {
  const oldTokenHash = hashToken(presentedToken);
  const stored = await findRefreshToken(oldTokenHash);
  if (!stored) throw new RefreshTokenInvalid();
  if (stored.rotatedAt) {
    await revokeSession(stored.sessionId, 'refresh-token-reuse', now);
    throw new RefreshTokenInvalid();
  }
  const [session, user] = await Promise.all([
    findSession(stored.sessionId),
    findUserById(stored.userId, true),
  ]);
  if (!user) throw new RefreshTokenInvalid();
  if (!user.isActive) throw new AccountDeactivated();
  if (!session || !isSessionLive(session, user, now)) throw new RefreshTokenInvalid();

  const refreshToken = newOpaqueToken();
  const newTokenHash = hashToken(refreshToken);
  const rotated = await rotateRefreshToken({
    session,
    oldTokenHash,
    newToken: {
      tokenHash: newTokenHash,
      sessionId: session.id,
      userId: user.id,
      issuedAt: now.toISOString(),
    },
    now,
  });
  if (!rotated) {
    await revokeSession(session.id, 'refresh-token-reuse', now);
    throw new RefreshTokenInvalid();
  }
  const token = await issueAccessToken({ userId: user.id, role: user.role, sessionId: session.id });
  return { token, refreshToken, sessionId: session.id, user };
}
