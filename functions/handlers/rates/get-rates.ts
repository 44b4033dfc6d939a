import { publicEndpoint } from '../../commons/http';
import { publishedRates } from '../../domain/rates/rates';
import { getRates as route } from '../../routes';

export const handler = publicEndpoint(route, async () => ({ data: await publishedRates() }));
