import { REPLICATED_SECRETS } from '@infra/disaster-recovery';
import { STAGES } from '@infra/stacks/stages';
import { Stack } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROD_CONTEXT, type SynthesizedService, synthesizeService } from './synth';

/**
 * The stage deployed to its backup region after the loss of its own (docs/operations.md "Disaster
 * recovery: losing the stage's region"): `-c region=<backup.copyRegion>` and an API certificate of
 * that region.
 */
const COPY_REGION = STAGES.prod.backup.copyRegion;
const RECOVERY_CONTEXT = {
  ...PROD_CONTEXT,
  region: COPY_REGION,
  apiCertificateArn: `arn:aws:acm:${COPY_REGION}:123456789012:certificate/22222222-2222-2222-2222-222222222222`,
};

type Resource = { Type: string; Properties: Record<string, unknown> };

let prod: SynthesizedService;
let recovered: SynthesizedService;

function resources(service: SynthesizedService, stack: Stack): Record<string, Resource> {
  return service.template(stack).toJSON().Resources as Record<string, Resource>;
}

function stacksOf(service: SynthesizedService): Stack[] {
  return service.app.node.children.filter((child): child is Stack => child instanceof Stack);
}

/** The construct ids (logical ids less CDK's hash) of the api stack's secrets replicated to `region`. */
function replicatedSecrets(service: SynthesizedService, region: string): string[] {
  return Object.entries(resources(service, service.stacks.api))
    .filter(([, resource]) => resource.Type === 'AWS::SecretsManager::Secret')
    .filter(([, resource]) =>
      ((resource.Properties.ReplicaRegions as Array<{ Region: string }> | undefined) ?? []).some(
        (replica) => replica.Region === region,
      ),
    )
    .map(([logicalId]) => logicalId.replace(/[0-9A-F]{8}$/, ''))
    .sort();
}

beforeAll(() => {
  prod = synthesizeService({ context: PROD_CONTEXT });
  recovered = synthesizeService({ context: RECOVERY_CONTEXT });
});

describe('the stage in its backup region', () => {
  it('is deployed there only by a -c region naming the stage’s region or its backup region', () => {
    expect(() => synthesizeService({ context: { ...PROD_CONTEXT, region: 'us-west-2' } })).toThrow(
      'Context "region" must be eu-central-1 or eu-west-1 for stage "prod" (its region, or its backup region after the loss of its own): us-west-2',
    );
    expect(() => synthesizeService({ context: { region: 'eu-west-1' } })).toThrow(
      'Context "region" must be eu-central-1 for stage "dev" (its region): eu-west-1',
    );
  });

  it('puts every stack but the us-east-1 ones in the backup region, and leaves the copy vault’s stack out', () => {
    const { waf, edgeMonitoring, backupCopy, apiRoutes, ...regional } = recovered.stacks;
    for (const stack of [...Object.values(regional), ...Object.values(apiRoutes)].filter(Boolean) as Stack[])
      expect(stack.region, stack.stackName).toBe(COPY_REGION);
    expect([waf.region, edgeMonitoring.region]).toEqual(['us-east-1', 'us-east-1']);
    // Deploying it would touch the locked copies; they stay as they are.
    expect(backupCopy).toBeUndefined();
    expect(stacksOf(recovered).map((stack) => stack.stackName)).not.toContain('exchange-prod-backup-copy');
  });

  it('creates no table and no table parameters there: the stage serves the table the script restored and named', () => {
    const data = Object.values(resources(recovered, recovered.stacks.data)).map((resource) => resource.Type);

    expect(data).not.toContain('AWS::DynamoDB::Table');
    expect(data).not.toContain('AWS::SSM::Parameter');
    expect(recovered.stacks.data.table).toBeUndefined();
    // Every stack that uses the table reads it from the parameters the script wrote, at deploy.
    const route = recovered.template(recovered.stacks.apiRoutes.client).toJSON() as {
      Parameters: Record<string, { Type: string; Default: string }>;
    };
    expect(Object.values(route.Parameters).map((parameter) => parameter.Default)).toContain(
      '/exchange/prod/table/name',
    );
  });

  it('backs the restored table up daily by its tag in the backup region, copying nowhere', () => {
    const data = recovered.template(recovered.stacks.data);
    const plan = Object.values(data.findResources('AWS::Backup::BackupPlan'))[0] as {
      Properties: { BackupPlan: { BackupPlanRule: Array<Record<string, unknown>> } };
    };

    expect(plan.Properties.BackupPlan.BackupPlanRule).toEqual([
      expect.objectContaining({
        ScheduleExpression: 'cron(0 3 * * ? *)',
        Lifecycle: { DeleteAfterDays: 35 },
      }),
    ]);
    expect(plan.Properties.BackupPlan.BackupPlanRule[0]).not.toHaveProperty('CopyActions');
    data.hasResourceProperties('AWS::Backup::BackupSelection', {
      BackupSelection: Match.objectLike({
        ListOfTags: [
          { ConditionType: 'STRINGEQUALS', ConditionKey: 'exchange-backup', ConditionValue: 'prod' },
        ],
      }),
    });
  });

  it('names no resource of the lost region', () => {
    for (const stack of stacksOf(recovered))
      expect(JSON.stringify(recovered.template(stack).toJSON()), stack.stackName).not.toContain(
        STAGES.prod.region,
      );
  });

  it('needs the API’s certificate of the backup region', () => {
    expect(() => synthesizeService({ context: { ...PROD_CONTEXT, region: COPY_REGION } })).toThrow(
      `Context "apiCertificateArn" must be an ACM certificate in ${COPY_REGION}`,
    );
  });
});

describe('the secrets a lost region would take with it', () => {
  it('are replicated to the backup region: the second factors’ sealing key, the bot’s token and webhook secret, TronGrid’s key', () => {
    expect(replicatedSecrets(prod, COPY_REGION)).toEqual([...REPLICATED_SECRETS].sort());
  });

  it('are not replicated from the backup region, nor where the stage has no backup region', () => {
    const dev = synthesizeService();

    expect(replicatedSecrets(recovered, COPY_REGION)).toEqual([]);
    expect(replicatedSecrets(recovered, STAGES.prod.region)).toEqual([]);
    expect(replicatedSecrets(dev, COPY_REGION)).toEqual([]);
  });
});
