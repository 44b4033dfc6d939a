import { tableParameterNames as readByStacks } from '@infra/constructs/stage-table';
import { tableParameterNames as switchedByRestore } from '@infra/ops/table-restore';
import { describe, expect, it } from 'vitest';

/**
 * The restore script keeps its own copy of the parameter names, so that it and its integration test
 * load no CDK; this holds the two together.
 */
describe("the stage's table parameters", () => {
  it.each(['dev', 'prod'] as const)('are the ones the restore switches, in %s', (stage) => {
    expect(switchedByRestore(stage)).toEqual(readByStacks(stage));
  });
});
