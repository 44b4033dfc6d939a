import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CustomResource, Duration, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Provider } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import type { StageSettings } from '../stacks/stages';
import { PROJECT_ROOT } from './bundling';
import { manifestFunction } from './manifest-function';

export interface FirstRunProps {
  readonly siteUrl: string;
  readonly stage: StageSettings;
  readonly table: ITable;
  /** The first SUPER_ADMIN, mailed a link to set the password; absent: nobody is invited. */
  readonly adminEmail?: string;
}

/**
 * A fingerprint of the seed's code and data: a new seed version changes it, so CloudFormation sends
 * the resource an Update and the missing items are added (never overwriting staff changes).
 */
export function seedVersion(projectRoot = PROJECT_ROOT): string {
  const seedDir = path.join(projectRoot, 'functions', 'seed');
  const hash = createHash('sha256');
  for (const file of readdirSync(seedDir).sort())
    hash.update(file).update(readFileSync(path.join(seedDir, file)));
  hash.update(readFileSync(path.join(projectRoot, 'shared', 'constants.ts')));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The deploy-time first run (`functions/deploy/first-run.ts`) as a custom resource behind a CDK
 * `Provider`: Create and Update seed the table and invite the first SUPER_ADMIN, Delete does
 * nothing to the data.
 */
export class FirstRun extends Construct {
  readonly resource: CustomResource;

  constructor(scope: Construct, id: string, props: FirstRunProps) {
    super(scope, id);
    const onEvent = manifestFunction(
      this,
      'Function',
      {
        handler: 'deploy/first-run',
        // The invitation is queued in the outbox with its link; the mail stack's sender sends it.
        uses: { table: 'readWrite' },
        description: 'Deploy-time seed and first SUPER_ADMIN',
        timeout: Duration.minutes(5),
      },
      { siteUrl: props.siteUrl, stage: props.stage, table: props.table },
    );
    const frameworkLogs = new LogGroup(this, 'ProviderLogs', {
      retention: props.stage.logRetention,
      removalPolicy: props.stage.removalPolicy,
    });
    const frameworkRole = new Role(this, 'ProviderRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Runs the CDK custom-resource framework of the first run',
    });
    frameworkLogs.grantWrite(frameworkRole);
    const provider = new Provider(this, 'Provider', {
      onEventHandler: onEvent.live,
      logGroup: frameworkLogs,
      frameworkOnEventRole: frameworkRole,
    });
    const onEventId = Stack.of(this).getLogicalId(onEvent.node.defaultChild as CfnFunction);
    Validations.of(frameworkRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${onEventId}.Arn>:*]`,
      reason:
        'CDK grants the framework lambda:InvokeFunction on the first-run function and its versions (ARN:*), that one function only.',
    });
    this.resource = new CustomResource(this, 'Resource', {
      serviceToken: provider.serviceToken,
      resourceType: 'Custom::FirstRun',
      properties: { SeedVersion: seedVersion(), AdminEmail: props.adminEmail ?? '' },
    });
  }
}
