import { logger } from '@functions/commons/logger';
import { workers } from '@functions/routes/manifest';
import type { ExportWorkerEvent } from '@shared/contract/exports';
import { lambdaContext, loadFunctionModule } from './api-adapter';

type ExportHandler = (event: ExportWorkerEvent, context: unknown, callback: () => void) => unknown;

/**
 * The export worker on this machine: the handler module Lambda runs (functions/jobs/prepare-export),
 * started by the export route without waiting, as Lambda's asynchronous invocation starts it in AWS.
 * `stop` waits for the runs under way.
 */
export async function startLocalExportWorker(): Promise<{ stop: () => Promise<void> }> {
  const { runExportWorkerLocally } = await import('@functions/data/workers');
  const handler = await loadFunctionModule<ExportHandler>(workers.prepareExport.handler);
  const running = new Set<Promise<void>>();
  runExportWorkerLocally((event) => {
    const run: Promise<void> = Promise.resolve()
      .then(() => handler(event, lambdaContext('prepareExport'), () => {}))
      .then(
        () => undefined,
        (error: unknown) => logger.error('local export worker: the run failed', error as Error),
      )
      .finally(() => running.delete(run));
    running.add(run);
  });
  return {
    stop: async () => {
      await Promise.all(running);
    },
  };
}
