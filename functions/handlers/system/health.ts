import { publicEndpoint } from '../../commons/http';
import { checkDatabase } from '../../data/health';
import { health as route } from '../../routes';

export const handler = publicEndpoint(route, async () => {
  await checkDatabase();
  return { data: { status: 'ok', time: new Date().toISOString(), database: 'ok' } };
});
