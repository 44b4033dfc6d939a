import type { UserRecord } from '@functions/data/users';
import type { PublicUser } from '@shared/contract/users';

/** The one projection of a user that may leave the server: exactly the spec's User fields. */
export function toPublicUser(user: UserRecord): PublicUser {
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
