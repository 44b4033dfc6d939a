import { ensureTable } from '@infra/local/dynamo';
import { beforeAll, describe, expect, it } from 'vitest';
import { runId } from '../../support/api';
import { customResourceEvent } from '../../support/cloudformation';

/**
 * The seed half of the first run, on a table of its own that starts empty, as in a new account
 * (the shared test table is seeded by the local stack, and other files read its settings). The
 * function modules read TABLE_NAME when they load, so they are imported after it is set.
 */
process.env.TABLE_NAME = `exchange-first-run-${runId()}`;
const { handler } = await import('@functions/deploy/first-run');
const { db, tableName } = await import('@functions/data/client');
const { keys } = await import('@functions/data/keys');
const { GetCommand, DeleteCommand, QueryCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');

async function seededItems(): Promise<number> {
  let count = 0;
  for (const pk of [keys.geoPartition, keys.settingPartition, keys.ratesPartition]) {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        Select: 'COUNT',
      }),
    );
    count += page.Count ?? 0;
  }
  return count;
}

const city = keys.geoNode('europe.germany.berlin');
const setting = keys.setting('applicationExpiryHours');

beforeAll(async () => {
  await ensureTable(process.env.AWS_ENDPOINT_URL_DYNAMODB!, tableName);
});

describe('the first-run custom resource on an empty table', () => {
  const v1 = { SeedVersion: 'v1', AdminEmail: '' };
  const previous = { physicalResourceId: 'exchange-first-run', properties: v1 };

  it('seeds the geo tree, the settings and the rates on Create', async () => {
    const created = await handler(customResourceEvent('Create', v1));

    expect(Number(created.Data!.SeedItemsWritten)).toBeGreaterThan(100);
    expect(Number(created.Data!.SeedItemsWritten)).toBe(await seededItems());
    expect((await db.send(new GetCommand({ TableName: tableName, Key: city }))).Item).toBeDefined();
  });

  it('adds what a later seed version has, and keeps what staff changed, on Update', async () => {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: setting,
        UpdateExpression: 'SET #value = :staff',
        ExpressionAttributeNames: { '#value': 'value' },
        ExpressionAttributeValues: { ':staff': 72 },
      }),
    );
    // A node the first version lacked: the next version brings it.
    await db.send(new DeleteCommand({ TableName: tableName, Key: city }));

    const updated = await handler(customResourceEvent('Update', { ...v1, SeedVersion: 'v2' }, previous));
    const staffSetting = await db.send(new GetCommand({ TableName: tableName, Key: setting }));

    expect(updated.Data!.SeedItemsWritten).toBe('1');
    expect((await db.send(new GetCommand({ TableName: tableName, Key: city }))).Item).toBeDefined();
    expect(staffSetting.Item!.value).toBe(72);
  });

  it('gives cities of a table seeded before working hours their hours, keeping staff-edited ones', async () => {
    // As before working hours existed: Berlin without its hours item; Moscow's edited by staff.
    const berlinHours = keys.cityHours('europe.germany.berlin');
    const moscowHours = keys.cityHours('cis.russia.moscow');
    await db.send(new DeleteCommand({ TableName: tableName, Key: berlinHours }));
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: moscowHours,
        UpdateExpression: 'SET code = :staff',
        ExpressionAttributeValues: { ':staff': 'MOW' },
      }),
    );

    const updated = await handler(customResourceEvent('Update', { ...v1, SeedVersion: 'v3' }, previous));
    const berlin = await db.send(new GetCommand({ TableName: tableName, Key: berlinHours }));
    const moscow = await db.send(new GetCommand({ TableName: tableName, Key: moscowHours }));

    expect(updated.Data!.SeedItemsWritten).toBe('1');
    // The AWS seed's own hours (not the test stacks' around the clock): Berlin's office week.
    expect(berlin.Item).toMatchObject({
      timeZone: 'Europe/Berlin',
      // No established BestChange code for Berlin: none (its cash stays out of the monitors' file).
      code: null,
      week: { mon: { open: '10:00', close: '19:00' }, sun: null },
    });
    expect(moscow.Item!.code).toBe('MOW');
  });

  it('writes nothing when run again with the same version', async () => {
    const again = await handler(customResourceEvent('Update', v1, previous));

    expect(again.Data!.SeedItemsWritten).toBe('0');
  });

  it('leaves every item in place on Delete', async () => {
    const before = await seededItems();

    const deleted = await handler(customResourceEvent('Delete', v1, previous));

    expect(deleted).toEqual({ PhysicalResourceId: 'exchange-first-run' });
    expect(await seededItems()).toBe(before);
  });
});
