import { actorOf } from '@functions/domain/accounts/principal';
import { putMaintenance } from '@functions/domain/geo/working-hours';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminPutMaintenance as route } from '@shared/routes/geo';

export const handler = endpoint(route, async ({ body, principal }) => {
  const maintenance = await putMaintenance(body, actorOf(principal));
  return { message: maintenance.active ? 'Maintenance is on.' : 'Maintenance is off.', data: maintenance };
});
