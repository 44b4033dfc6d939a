import type { UserRecord } from '@functions/data/users';
import type { OwnUser, PublicUser } from '@shared/contract/users';

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
  };
}

export function toOwnUserView(user: UserRecord): OwnUser {
  const { adminComment: _staffOnly, ...own } = toStaffUserView(user);
  return own;
}
