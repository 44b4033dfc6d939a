import { setOwnShift } from '@functions/domain/staff-users/shifts';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminSetShift as route } from '@shared/routes/shifts';

export const handler = endpoint(route, async ({ body, principal }) => {
  const shift = await setOwnShift(principal.user, body.onShift);
  return { message: shift.onShiftSince ? 'You are on shift.' : 'You are off shift.', data: shift };
});
