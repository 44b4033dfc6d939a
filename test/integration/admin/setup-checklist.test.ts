import { ensureTable } from '@infra/local/dynamo';
import { beforeAll, describe, expect, it } from 'vitest';
import { runId } from '../../support/api';

/**
 * The first-run checklist on a table of its own seeded as a fresh install: what
 * the seed wrote never counts as done, what staff set does. Its access: the permission matrix.
 */
process.env.TABLE_NAME = `exchange-setup-${runId()}`;
const { seedDatabase } = await import('@functions/seed/seed');
const { setupChecklist } = await import('@functions/domain/dashboard/setup-checklist');
const { db, tableName } = await import('@functions/data/client');
const { keys } = await import('@functions/data/keys');
const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');

beforeAll(async () => {
  await ensureTable(process.env.AWS_ENDPOINT_URL_DYNAMODB!, tableName);
  await seedDatabase({ aroundTheClock: true });
});

const stepsOf = async () =>
  Object.fromEntries((await setupChecklist()).steps.map((step) => [step.step, step]));
/** What a staff edit leaves on an item: `updatedBy`, and the fields it set. */
const setByStaff = (key: { pk: string; sk: string }, fields: Record<string, unknown> = {}) =>
  db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: key,
      UpdateExpression: `SET ${['updatedBy', ...Object.keys(fields)].map((name) => `#${name} = :${name}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(
        ['updatedBy', ...Object.keys(fields)].map((name) => [`#${name}`, name]),
      ),
      ExpressionAttributeValues: Object.fromEntries(
        Object.entries({ updatedBy: 'setup-admin', ...fields }).map(([name, value]) => [`:${name}`, value]),
      ),
    }),
  );

describe('the first-run checklist', () => {
  it('counts nothing the seed wrote as done, only the second factor it turns on', async () => {
    const steps = await stepsOf();
    expect(steps.reserves!.done).toBe(false);
    expect(steps.reserves!.count!.done).toBe(0);
    expect(steps.reserves!.count!.of).toBeGreaterThan(1);
    expect(steps.publish).toMatchObject({ done: false, count: { done: 0 } });
    expect(steps.hours).toMatchObject({ done: false, count: null });
    expect(steps.notifyEmail!.done).toBe(false);
    expect(steps.staffMfa!.done).toBe(true);
  });

  it('counts only what the shop offers: restricted to Moscow, the currencies and directions Russia offers', async () => {
    const { switchGeoBulk } = await import('@functions/domain/geo/toggle');
    const { readRatesTable } = await import('@functions/data/rates');
    const before = await stepsOf();
    await switchGeoBulk(
      { locationKeys: ['cis.russia.moscow'], isActive: true, othersOff: true },
      { id: 'setup-admin', role: 'ADMIN' },
    );
    const after = await stepsOf();
    // USD, EUR and RUB (Russia's own) and USDT: the reserves the Moscow shop needs.
    expect(after.reserves!.count!.of).toBe(4);
    expect(before.reserves!.count!.of).toBeGreaterThan(4);
    const russian = (await readRatesTable()).directions.filter(
      (direction) =>
        direction.isActive &&
        [direction.assetFrom, direction.assetTo].every((asset) =>
          /^(usdt-trc20|(cash|card)-(USD|EUR|RUB))$/.test(asset),
        ),
    );
    expect(after.publish!.count!.of).toBe(russian.length);
    expect(after.publish!.count!.of).toBeLessThan(before.publish!.count!.of);
    // Every place on again, as the seed left them, for the next test.
    const { readGeoTree } = await import('@functions/domain/geo/read-tree');
    const continents = (await readGeoTree({ activeOnly: false })).map((continent) => continent.key);
    await switchGeoBulk({ locationKeys: continents, isActive: true }, { id: 'setup-admin', role: 'ADMIN' });
    expect((await stepsOf()).publish!.count!.of).toBe(before.publish!.count!.of);
  });

  it('marks each step done once staff set it', async () => {
    const { readRatesTable } = await import('@functions/data/rates');
    const rates = await readRatesTable();
    for (const reserve of rates.reserves) await setByStaff(keys.reserve(reserve.code));
    const direction = rates.directions.find((entry) => entry.isActive)!;
    await setByStaff(keys.directionRate(direction.assetFrom, direction.assetTo), { publishToMonitors: true });
    await setByStaff(keys.cardHours);
    await setByStaff(keys.setting('staffNotifyEmail'), { value: 'desk@example.test' });
    const steps = await stepsOf();
    expect(steps.reserves!.done).toBe(true);
    expect(steps.reserves!.count!.done).toBe(steps.reserves!.count!.of);
    expect(steps.publish).toMatchObject({ done: true, count: { done: 1 } });
    expect(steps.hours!.done).toBe(true);
    expect(steps.notifyEmail!.done).toBe(true);
  });
});
