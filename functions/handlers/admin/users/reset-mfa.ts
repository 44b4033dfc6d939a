import { AUTH_MESSAGES } from '@functions/domain/accounts/messages';
import { actorOf } from '@functions/domain/accounts/principal';
import { toStaffUserView } from '@functions/domain/accounts/user-views';
import { resetUserMfa } from '@functions/domain/staff-users/reset-mfa';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminResetUserMfa as route } from '@shared/routes/admin-users';

export const handler = endpoint(route, async ({ params, principal }) => ({
  message: AUTH_MESSAGES.mfaReset,
  data: toStaffUserView(await resetUserMfa(actorOf(principal), params.id)),
}));
