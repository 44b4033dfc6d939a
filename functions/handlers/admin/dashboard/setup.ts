import { setupChecklist } from '@functions/domain/dashboard/setup-checklist';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminSetupChecklist as route } from '@shared/routes/dashboard';

export const handler = endpoint(route, async () => ({ data: await setupChecklist() }));
