import { type ITable, Table } from 'aws-cdk-lib/aws-dynamodb';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import type { StageName } from '../stacks/stages';
import { tableParameterNames } from '../table-switch';

/**
 * The stage's table as its SSM parameters name it (infra/table-switch.ts), resolved when
 * CloudFormation deploys the stack. The data stack writes them once, with its own table; a restore
 * (`npm run table:restore -- --switch`, docs/operations.md) overwrites them, so the restored table is
 * switched in with a deploy. CloudFormation never writes them again by itself: their template
 * properties do not change. With
 * its stream only where asked (a template must not declare a parameter it does not use).
 */
export function stageTable(scope: Construct, stage: StageName, options: { stream?: boolean } = {}): ITable {
  const names = tableParameterNames(stage);
  return Table.fromTableAttributes(scope, 'StageTable', {
    tableName: StringParameter.valueForStringParameter(scope, names.name),
    ...(options.stream
      ? { tableStreamArn: StringParameter.valueForStringParameter(scope, names.streamArn) }
      : {}),
  });
}
