import type { ExportWorkerEvent } from '@shared/contract/exports';
import { withLogContext } from '../commons/logger';
import { prepareExport } from '../domain/exports/exports';

/**
 * The export worker (manifest `workers.prepareExport`): invoked without waiting by POST
 * /admin/exports, it writes the export's file into the bucket and marks the job ready or failed.
 */
export const handler = withLogContext(async (event: ExportWorkerEvent): Promise<void> => {
  await prepareExport(event.exportId);
});
