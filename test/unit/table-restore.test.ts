import type { SSMClient } from '@aws-sdk/client-ssm';
import { defaultTargetName, deployCommand, switchStageTable } from '@infra/ops/table-restore';
import { describe, expect, it } from 'vitest';

/** Step 4 of the restore drill and its names (steps 2 and 3 run in test/integration/deploy/restore.test.ts). */
describe('the restore drill', () => {
  it('names the restored table after the stage and the restore point in UTC, to the minute', () => {
    expect(defaultTargetName('prod', new Date('2026-01-01T12:07:59+02:00'))).toBe(
      'exchange-prod-restore-202601011007',
    );
  });

  it('switches the stage by overwriting its stream parameter, then its name parameter', async () => {
    const sent: unknown[] = [];
    const ssm = {
      send: async (command: { input: unknown }) => sent.push(command.input),
    } as unknown as SSMClient;

    await switchStageTable(ssm, 'prod', {
      name: 'exchange-prod-restore-202601011000',
      streamArn: 'arn:stream',
    });

    expect(sent).toEqual([
      { Name: '/exchange/prod/table/stream-arn', Value: 'arn:stream', Overwrite: true },
      { Name: '/exchange/prod/table/name', Value: 'exchange-prod-restore-202601011000', Overwrite: true },
    ]);
  });

  it("deploys every stack of the stage with --force (only the parameters' values changed) and its context", () => {
    expect(deployCommand('prod', ['siteUrl', 'account'])).toBe(
      "npx cdk deploy 'exchange-prod-*' --force -c stage=prod -c siteUrl=<siteUrl> -c account=<account> -c rollout=all-at-once",
    );
  });
});
