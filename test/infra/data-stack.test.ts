import { GLOBAL_INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '@functions/data/table-definition';
import { Stack } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROD_CONTEXT, type SynthesizedService, synthesizeService } from './synth';

let dev: SynthesizedService;
let prod: SynthesizedService;
let table: Template;

function tableResource(template: Template) {
  return Object.values(template.findResources('AWS::DynamoDB::Table'))[0] as {
    Properties: Record<string, unknown>;
    DeletionPolicy?: string;
  };
}

beforeAll(() => {
  dev = synthesizeService();
  prod = synthesizeService({ context: PROD_CONTEXT });
  table = dev.template(dev.stacks.data);
});

describe('data stack', () => {
  it('creates exactly one table', () => {
    table.resourceCountIs('AWS::DynamoDB::Table', 1);
  });

  it('keys the table on the string partition and sort keys of the table definition', () => {
    table.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
    });
  });

  it('creates every global index of the table definition with string keys and all attributes', () => {
    const { Properties } = tableResource(table);
    const attributeTypes = Object.fromEntries(
      (Properties.AttributeDefinitions as Array<{ AttributeName: string; AttributeType: string }>).map(
        (a) => [a.AttributeName, a.AttributeType],
      ),
    );

    expect(Properties.GlobalSecondaryIndexes).toEqual(
      GLOBAL_INDEXES.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    );
    for (const index of GLOBAL_INDEXES) {
      expect(attributeTypes[index.partitionKey]).toBe('S');
      expect(attributeTypes[index.sortKey]).toBe('S');
    }
  });

  it('expires items through the TTL attribute', () => {
    table.hasResourceProperties('AWS::DynamoDB::Table', {
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
    });
  });

  it('bills per request', () => {
    table.hasResourceProperties('AWS::DynamoDB::Table', { BillingMode: 'PAY_PER_REQUEST' });
  });

  it('enables point-in-time recovery', () => {
    table.hasResourceProperties('AWS::DynamoDB::Table', {
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
  });

  it('deletes the table with the stack outside prod', () => {
    expect(tableResource(table).DeletionPolicy).toBe('Delete');
  });

  it('retains the table and turns on deletion protection in prod (but lets a failed first create remove it)', () => {
    const prodTable = tableResource(prod.template(prod.stacks.data));

    expect(prodTable.DeletionPolicy).toBe('RetainExceptOnCreate');
    expect(prodTable.Properties.DeletionProtectionEnabled).toBe(true);
  });

  it('names the table and its stream in SSM parameters, which every other stack reads instead of exports', () => {
    const data = prod.template(prod.stacks.data);
    data.hasResourceProperties('AWS::SSM::Parameter', {
      Name: '/exchange/prod/table/name',
      Value: { Ref: Match.stringLikeRegexp('^Table') },
    });
    data.hasResourceProperties('AWS::SSM::Parameter', {
      Name: '/exchange/prod/table/stream-arn',
      Value: { 'Fn::GetAtt': [Match.stringLikeRegexp('^Table'), 'StreamArn'] },
    });
    const others = prod.app.node.children.filter(
      (child) => child instanceof Stack && child !== prod.stacks.data,
    ) as Stack[];
    for (const stack of others)
      expect(JSON.stringify(prod.template(stack).toJSON()), stack.stackName).not.toMatch(
        /exchange-prod-data:/,
      );
  });

  it('backs the table up daily and copies each backup to the vault in another region', () => {
    const data = prod.template(prod.stacks.data);
    const plan = Object.values(data.findResources('AWS::Backup::BackupPlan'))[0] as {
      Properties: { BackupPlan: { BackupPlanRule: Array<Record<string, unknown>> } };
    };
    const [rule] = plan.Properties.BackupPlan.BackupPlanRule;

    expect(rule!.ScheduleExpression).toBe('cron(0 3 * * ? *)');
    expect(JSON.stringify(rule!.CopyActions)).toMatch(/DestinationBackupVaultArn/);
    expect(prod.stacks.backupCopy!.region).toBe('eu-west-1');
    // By a tag the data stack puts on its table, and a restore on the table it switches to.
    data.hasResourceProperties('AWS::Backup::BackupSelection', {
      BackupSelection: Match.objectLike({
        ListOfTags: [
          { ConditionType: 'STRINGEQUALS', ConditionKey: 'exchange-backup', ConditionValue: 'prod' },
        ],
      }),
    });
    data.hasResourceProperties('AWS::DynamoDB::Table', {
      Tags: Match.arrayWith([{ Key: 'exchange-backup', Value: 'prod' }]),
    });
    expect(dev.stacks.backupCopy).toBeUndefined();
  });

  it('locks the copy vault in governance mode, for as long as the copies are kept, so the plan’s copies are not refused', () => {
    const copy = prod.template(prod.stacks.backupCopy!);
    const [vault] = Object.values(copy.findResources('AWS::Backup::BackupVault')) as Array<{
      Properties: { LockConfiguration?: Record<string, number> };
    }>;
    const plan = Object.values(
      prod.template(prod.stacks.data).findResources('AWS::Backup::BackupPlan'),
    )[0] as {
      Properties: {
        BackupPlan: {
          BackupPlanRule: Array<{ CopyActions: Array<{ Lifecycle: { DeleteAfterDays: number } }> }>;
        };
      };
    };
    const [copyAction] = plan.Properties.BackupPlan.BackupPlanRule[0]!.CopyActions;

    // Governance: no ChangeableForDays (that would make it compliance mode, never removable after).
    expect(vault!.Properties.LockConfiguration).toEqual({ MinRetentionDays: 35 });
    // A copy kept less long than the lock's minimum would be refused by the vault.
    expect(copyAction!.Lifecycle.DeleteAfterDays).toBeGreaterThanOrEqual(
      vault!.Properties.LockConfiguration!.MinRetentionDays!,
    );
  });

  it('gives the disaster-recovery script the copy vault’s name and a role AWS Backup restores with', () => {
    const copy = prod.template(prod.stacks.backupCopy!);

    copy.hasOutput('CopyVaultName', {
      Value: { 'Fn::GetAtt': [Match.stringLikeRegexp('^CopyVault'), 'BackupVaultName'] },
    });
    copy.hasOutput('RestoreRoleArn', {
      Value: { 'Fn::GetAtt': [Match.stringLikeRegexp('^RestoreRole'), 'Arn'] },
    });
    copy.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: Match.objectLike({
        Statement: [Match.objectLike({ Principal: { Service: 'backup.amazonaws.com' } })],
      }),
      ManagedPolicyArns: [
        {
          'Fn::Join': [
            '',
            [
              'arn:',
              { Ref: 'AWS::Partition' },
              ':iam::aws:policy/service-role/AWSBackupServiceRolePolicyForRestores',
            ],
          ],
        },
      ],
    });
  });
});
