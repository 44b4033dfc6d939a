import { endpoint } from '@functions/commons/http';
import { allRates } from '@functions/domain/rates/rates';
import { adminGetRates as route } from '@functions/routes';

export const handler = endpoint(route, async () => ({ data: await allRates() }));
