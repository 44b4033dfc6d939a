import { allRatesForStaff } from '@functions/domain/rates/admin-rates';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminGetRates as route } from '@shared/routes/rates';

export const handler = endpoint(route, async () => ({ data: await allRatesForStaff() }));
