import type { UserRecord } from '@functions/data/users';
import { settingValue } from '@functions/domain/settings/settings';
import { isStaffRole } from '@shared/enums';

/**
 * Whether a user must set up a second factor before anything else: staff without one while the
 * setting `staffMfaRequired` is 1. Staff move real money, so their password alone is not enough.
 */
export async function mfaSetupRequired(user: Pick<UserRecord, 'role' | 'mfaEnabled'>): Promise<boolean> {
  if (user.mfaEnabled || !isStaffRole(user.role)) return false;
  return (await settingValue('staffMfaRequired')) === 1;
}
