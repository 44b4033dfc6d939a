import { BadRequestError, ConflictError } from '@functions/commons/errors';
import { UserChangedError, UserConflictError, type UserRecord, updateUser } from '@functions/data/users';
import { avatarUrls } from '@shared/avatars';
import type { Language } from '@shared/enums';
import { fieldError } from '@shared/envelope';
import { siteOrigin } from './links';
import { AUTH_MESSAGES } from './messages';

export interface ProfileChanges {
  username?: string;
  language?: Language;
  photo_url?: string | null;
}

/**
 * Applies the three fields a user may edit about themselves. The schema already refused every
 * other field; here the avatar must be one the API offers and a new username must be free.
 */
export async function updateOwnProfile(user: UserRecord, changes: ProfileChanges): Promise<UserRecord> {
  if (typeof changes.photo_url === 'string' && !avatarUrls(siteOrigin()).includes(changes.photo_url)) {
    throw new BadRequestError('Validation failed.', [fieldError('photo_url', AUTH_MESSAGES.photoNotOffered)]);
  }
  try {
    return await updateUser(user, {
      username: changes.username,
      language: changes.language,
      photo_url: changes.photo_url,
    });
  } catch (error) {
    if (error instanceof UserConflictError) {
      throw new ConflictError(AUTH_MESSAGES.usernameTaken, [
        fieldError('username', AUTH_MESSAGES.usernameTaken),
      ]);
    }
    if (error instanceof UserChangedError) {
      throw new ConflictError('Your profile was changed meanwhile. Please try again.');
    }
    throw error;
  }
}
