import { publicEndpoint } from '@functions/commons/http';
import { publishedRates } from '@functions/domain/rates/rates';
import { getRates as route } from '@functions/routes';

export const handler = publicEndpoint(route, async () => ({ data: await publishedRates() }));
