import { UserChangedError, UserConflictError, type UserRecord } from '@functions/data/users';
import { avatarUrls } from '@shared/avatars';
import type { Language } from '@shared/enums';
import { updateAccount } from './account-changes';
import { PhotoNotOffered, ProfileChangedMeanwhile, UsernameTaken } from './errors';
import { siteOrigin } from './links';

export interface ProfileChanges {
  username?: string;
  language?: Language;
  photo_url?: string | null;
  telegramId?: string | null;
}

/**
 * Applies the fields a user may edit about themselves (username, language, avatar, Telegram contact). The schema already refused every
 * other field; here the avatar must be one the API offers and a new username must be free.
 */
export async function updateOwnProfile(user: UserRecord, changes: ProfileChanges): Promise<UserRecord> {
  if (typeof changes.photo_url === 'string' && !avatarUrls(siteOrigin()).includes(changes.photo_url)) {
    throw new PhotoNotOffered();
  }
  try {
    return await updateAccount(user, {
      username: changes.username,
      language: changes.language,
      photo_url: changes.photo_url,
      telegramId: changes.telegramId,
    });
  } catch (error) {
    if (error instanceof UserConflictError) {
      throw new UsernameTaken();
    }
    if (error instanceof UserChangedError) {
      throw new ProfileChangedMeanwhile();
    }
    throw error;
  }
}
