import { JOB_TIMEOUT_SECONDS } from '@functions/routes/schedule';
import type { JobDefinition } from '@shared/routes/definition';
import { Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { ApiFunction } from '../constructs/api-function';
import { constructIdFor, type ManifestResources, manifestFunction } from '../constructs/manifest-function';
import { stageTable } from '../constructs/stage-table';
import { siteBucketName } from '../site-bucket';
import { nagPrinted, uploadsBucketName } from '../uploads-bucket';
import type { ServiceConfig } from './service-config';

export interface JobsStackProps extends StackProps {
  readonly config: ServiceConfig;
  /** The manifest's `jobs`; any number, including none. */
  readonly jobs: Readonly<Record<string, JobDefinition>>;
  /** The TRON provider (the api stack's: URL, USDT contract, the API key's secret), for jobs that use it. */
  readonly tron?: ManifestResources['tron'];
  /** The AML provider (the api stack's: URL, the API key's secret), for jobs that use it or the TRON provider. */
  readonly aml?: ManifestResources['aml'];
  /** The Telegram bot (the api stack's), or false without one, for jobs that use it. */
  readonly telegram?: ManifestResources['telegram'];
}

/**
 * One function and one EventBridge schedule (on its `live` alias) per manifest job. A job runs one
 * run at a time (docs/architecture.md "Scheduled jobs"): its function's reserved concurrency is 1
 * (a run the schedule starts while one works waits in Lambda's queue, then finds the job's lease
 * held and ends at once), and the run itself stops taking work before its timeout.
 */
export class JobsStack extends Stack {
  readonly functions = new Map<string, ApiFunction>();
  /** Each job's dead-letter queue, keyed like `functions`: a run that failed after its retries. */
  readonly deadLetterQueues = new Map<string, Queue>();

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    const { config } = props;
    const table = stageTable(this, config.stage);
    for (const [jobId, job] of Object.entries(props.jobs)) {
      const name = constructIdFor(jobId);
      const fn = manifestFunction(
        this,
        `${name}Job`,
        {
          handler: job.handler,
          uses: job.uses,
          description: job.summary,
          timeout: Duration.seconds(JOB_TIMEOUT_SECONDS),
          reservedConcurrency: 1,
        },
        {
          siteUrl: config.siteUrl,
          stage: config.settings,
          table,
          rateProviders: config.rateProviders,
          tron: props.tron,
          aml: props.aml,
          telegram: props.telegram,
          uploads: {
            bucketName: uploadsBucketName(this, config.stage),
            nagObjects: (prefix) => nagPrinted(this, config.stage, `${prefix}*`),
          },
          sitePages: {
            bucketName: siteBucketName(this, config.stage),
            nagObjects: (pattern) => nagPrinted(this, config.stage, pattern, 'site'),
          },
        },
      );
      const deadLetters = new Queue(this, `${name}DeadLetters`, {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      Validations.of(deadLetters).acknowledge({
        id: 'AwsSolutions-SQS3',
        reason: 'This queue is the dead-letter queue of the job; nothing consumes it but the operator.',
      });
      // EventBridge invokes asynchronously: a run that fails is retried twice by Lambda, then recorded here
      // (and an alarm fires); the next scheduled run repeats its work anyway.
      fn.live.configureAsyncInvoke({
        retryAttempts: 2,
        maxEventAge: Duration.minutes(10),
        onFailure: new SqsDestination(deadLetters),
      });
      new Rule(this, `${name}Schedule`, {
        description: `${job.summary} (${job.schedule})`,
        schedule: Schedule.expression(job.schedule),
        // An event EventBridge could not deliver to the function lands in the same queue.
        targets: [
          new LambdaFunction(fn.live, {
            retryAttempts: 2,
            maxEventAge: Duration.minutes(10),
            deadLetterQueue: deadLetters,
          }),
        ],
      });
      this.deadLetterQueues.set(jobId, deadLetters);
      this.functions.set(jobId, fn);
    }
  }
}
