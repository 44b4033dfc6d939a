import { endpoint } from '../../commons/http';
import { publishedRates } from '../../domain/rates/rates';
import { routes } from '../../routes';

export const handler = endpoint(routes.getRates, async () => ({ data: await publishedRates() }));
