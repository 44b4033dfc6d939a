import { endpoint } from '../../commons/http';
import { checkDatabase } from '../../data/health';
import { routes } from '../../routes';

export const handler = endpoint(routes.health, async () => {
  await checkDatabase();
  return { data: { status: 'ok', time: new Date().toISOString(), database: 'ok' } };
});
