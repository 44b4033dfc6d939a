import { type ITable, Table } from 'aws-cdk-lib/aws-dynamodb';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import type { StageName } from '../stacks/stages';

/**
 * The SSM parameters that name a stage's table and its stream. The data stack writes them once,
 * with its own table; a restore (`npm run table:restore -- --switch`, docs/operations.md) overwrites
 * them, and every other stack reads them at deploy, so the restored table can be switched in with a
 * deploy. CloudFormation never writes them again by itself: their template properties do not change.
 */
export function tableParameterNames(stage: StageName) {
  return {
    name: `/exchange/${stage}/table/name`,
    streamArn: `/exchange/${stage}/table/stream-arn`,
  } as const;
}

/**
 * The stage's table as the parameters name it, resolved when CloudFormation deploys the stack; with
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
