import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import type { ExportWorkerEvent } from '@shared/contract/exports';

/**
 * Starting a manifest worker that is invoked rather than fed by a source (the export worker):
 * Lambda's asynchronous invocation of its `live` alias in AWS (`EXPORT_WORKER_FUNCTION`, set by the
 * stack with the right to invoke it); on this machine, the local stack's runner, which runs the same
 * handler module in its own process without waiting, as Lambda does not wait either.
 */
type LocalRunner = (event: ExportWorkerEvent) => void;

let localRunner: LocalRunner | undefined;
let lambda: LambdaClient | undefined;

/** The local stack hands its runner here (infra/local/stack.ts). */
export function runExportWorkerLocally(runner: LocalRunner): void {
  localRunner = runner;
}

export async function startExportWorker(event: ExportWorkerEvent): Promise<void> {
  const functionName = process.env.EXPORT_WORKER_FUNCTION;
  if (functionName) {
    lambda ??= new LambdaClient({});
    await lambda.send(
      new InvokeCommand({
        FunctionName: functionName,
        InvocationType: 'Event',
        Payload: new TextEncoder().encode(JSON.stringify(event)),
      }),
    );
    return;
  }
  if (!localRunner) throw new Error('No export worker: EXPORT_WORKER_FUNCTION is not set');
  localRunner(event);
}
