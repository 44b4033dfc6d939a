import type { WorkerDefinition } from '@shared/routes/definition';
import { Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { ApiFunction } from '../constructs/api-function';
import { manifestFunction } from '../constructs/manifest-function';
import { stageTable } from '../constructs/stage-table';
import { deadLetterQueueName, workerFunctionName } from '../physical-names';
import { nagPrinted, uploadsBucketName } from '../uploads-bucket';
import type { ServiceConfig } from './service-config';

/** The manifest's key of the export worker: its function's and dead-letter queue's names come from it. */
export const EXPORT_WORKER = 'prepareExport';

/** Memory of the export worker: a page of rows, the deals it keeps, and an 8 MB part of the file (docs/decisions.md). */
const EXPORT_WORKER_MEMORY_MB = 1024;

export interface ExportsStackProps extends StackProps {
  readonly config: ServiceConfig;
  /** The manifest's `workers.prepareExport`. */
  readonly worker: WorkerDefinition;
}

/**
 * The export worker (docs/architecture.md "The export worker"): one function with a fixed name
 * (the route that starts it invokes that name's live alias asynchronously), the table to read and
 * the uploads bucket's `exports/` to write; a run Lambda could not finish is retried as the
 * manifest says, then recorded in its dead-letter queue, which the monitoring stack alarms on.
 */
export class ExportsStack extends Stack {
  readonly worker: ApiFunction;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: ExportsStackProps) {
    super(scope, id, props);
    const { config, worker } = props;
    if (worker.source.kind !== 'invoked') throw new Error(`${EXPORT_WORKER} must be an invoked worker`);
    const { stage } = config;
    this.worker = manifestFunction(
      this,
      'PrepareExportWorker',
      {
        handler: worker.handler,
        uses: worker.uses,
        description: worker.summary,
        functionName: workerFunctionName(stage, EXPORT_WORKER),
        timeout: Duration.minutes(worker.source.timeoutMinutes),
        memorySize: EXPORT_WORKER_MEMORY_MB,
      },
      {
        siteUrl: config.siteUrl,
        stage: config.settings,
        table: stageTable(this, stage),
        uploads: {
          bucketName: uploadsBucketName(this, stage),
          nagObjects: (prefix) => nagPrinted(this, stage, `${prefix}*`),
        },
      },
    );
    this.deadLetters = new Queue(this, 'PrepareExportDeadLetters', {
      queueName: deadLetterQueueName(stage, EXPORT_WORKER),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.deadLetters).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: `This queue is the dead-letter queue of the ${EXPORT_WORKER} worker; nothing consumes it but the operator.`,
    });
    this.worker.live.configureAsyncInvoke({
      retryAttempts: worker.source.retryAttempts,
      maxEventAge: Duration.hours(1),
      onFailure: new SqsDestination(this.deadLetters),
    });
  }
}
