import type { UserRecord } from '@functions/data/users';
import type { LoginData, SessionData } from '@shared/contract/auth';
import type { OwnUser, PublicUser } from '@shared/contract/users';
import { scopeOfRole } from '@shared/staff-scope';
import type { SessionTokens } from './sessions';
import type { SignIn } from './sign-in';
import { mfaSetupRequired } from './staff-mfa';

/**
 * The two projections of a user that may leave the server. Staff see the spec's User fields; the
 * user themself sees them less what only staff may read (an internal note must never tip a client
 * off). Applications follow the same rule: `toApplicationView` has no `adminNote`.
 */
export function toStaffUserView(user: UserRecord): PublicUser {
  return {
    id: user.id,
    email: user.email,
    username: user.username ?? null,
    telegramId: user.telegramId ?? null,
    language: user.language,
    role: user.role,
    isActive: user.isActive,
    photo_url: user.photo_url ?? null,
    referralCode: user.referralCode ?? null,
    emailVerified: user.emailVerified,
    referralCount: user.referralCount ?? 0,
    applicationCount: user.applicationCount ?? 0,
    adminComment: user.adminComment ?? null,
    createdAt: user.createdAt,
    mfaEnabled: user.mfaEnabled === true,
    scope: scopeOfRole(user.role, user.staffScope),
  };
}

/** The user's own view, with whether they must set up a second factor before anything else. */
export async function toOwnUserView(user: UserRecord): Promise<OwnUser> {
  const { adminComment: _staffOnly, ...own } = toStaffUserView(user);
  const link = user.telegramLink;
  return {
    ...own,
    mfaSetupRequired: await mfaSetupRequired(user),
    telegramAccount: link ? { username: link.username, linkedAt: link.linkedAt } : null,
    onShiftSince: user.shiftSince ?? null,
  };
}

/** A new session as it is answered: the tokens and the user's own view. */
export async function toSessionData(session: SessionTokens & { user: UserRecord }): Promise<SessionData> {
  return {
    user: await toOwnUserView(session.user),
    token: session.token,
    refreshToken: session.refreshToken,
  };
}

/** What login and a reset answer: a session, or the code step of an account with a second factor. */
export function toLoginData(result: SignIn): Promise<LoginData> {
  return 'mfaRequired' in result ? Promise.resolve(result) : toSessionData(result);
}
