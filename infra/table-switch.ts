import type { StageName } from './stacks/stages';

/**
 * What lets a stage's table be switched for another one (a point-in-time restore, docs/operations.md),
 * without CDK, so the restore script (infra/ops/) loads none: the SSM parameters every stack reads
 * the table from at deploy (infra/constructs/stage-table.ts), and the tag the daily backup plan
 * selects its table by (infra/stacks/data-stack.ts), which the restore puts on the new table.
 */
export function tableParameterNames(stage: StageName) {
  return {
    name: `/exchange/${stage}/table/name`,
    streamArn: `/exchange/${stage}/table/stream-arn`,
  } as const;
}

/** The tag of the table a stage's backup plan backs up. */
export function backupTag(stage: StageName) {
  return { key: 'exchange-backup', value: stage } as const;
}
