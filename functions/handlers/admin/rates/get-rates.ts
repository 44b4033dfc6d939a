import { endpoint } from '../../../commons/http';
import { allRates } from '../../../domain/rates/rates';
import { routes } from '../../../routes';

export const handler = endpoint(routes.adminGetRates, async () => ({ data: await allRates() }));
