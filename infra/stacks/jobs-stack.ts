import type { JobDefinition } from '@functions/routes/definition';
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import type { ApiFunction } from '../constructs/api-function';
import { constructIdFor, manifestFunction } from '../constructs/manifest-function';
import { removalPolicyFor, type ServiceConfig } from './service-config';

export interface JobsStackProps extends StackProps {
  readonly config: ServiceConfig;
  /** The manifest's `jobs`; any number, including none. */
  readonly jobs: Readonly<Record<string, JobDefinition>>;
  readonly table: ITable;
  readonly mailIdentity: IEmailIdentity;
}

/** One function and one EventBridge schedule per manifest job. */
export class JobsStack extends Stack {
  readonly functions = new Map<string, ApiFunction>();

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    const { config } = props;
    for (const [jobId, job] of Object.entries(props.jobs)) {
      const name = constructIdFor(jobId);
      const fn = manifestFunction(
        this,
        `${name}Job`,
        { handler: job.handler, uses: job.uses, description: job.summary, timeout: Duration.minutes(1) },
        {
          siteUrl: config.siteUrl,
          removalPolicy: removalPolicyFor(config),
          table: props.table,
          mail: { identity: props.mailIdentity, from: config.mailFrom },
          rateProviders: { cryptoUrl: config.ratesCryptoUrl, fiatUrl: config.ratesFiatUrl },
        },
      );
      new Rule(this, `${name}Schedule`, {
        description: `${job.summary} (${job.schedule})`,
        schedule: Schedule.expression(job.schedule),
        // A run that fails is retried a little, then dropped: the next scheduled run repeats its work.
        targets: [new LambdaFunction(fn, { retryAttempts: 2, maxEventAge: Duration.minutes(10) })],
      });
      this.functions.set(jobId, fn);
    }
  }
}
