import { endpoint } from '../../../commons/http';
import { allRates } from '../../../domain/rates/rates';
import { adminGetRates as route } from '../../../routes';

export const handler = endpoint(route, async () => ({ data: await allRates() }));
