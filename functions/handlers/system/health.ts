import { publicEndpoint } from '@functions/commons/http';
import { checkDatabase } from '@functions/data/health';
import { health as route } from '@functions/routes';

export const handler = publicEndpoint(route, async () => {
  await checkDatabase();
  return { data: { status: 'ok', time: new Date().toISOString(), database: 'ok' } };
});
