import { buildReport } from '@functions/domain/reports/report';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminReport as route } from '@shared/routes/reports';

export const handler = endpoint(route, async ({ query }) => ({ data: await buildReport(query) }));
