import { ensureTable } from '@infra/local/dynamo';
import { beforeAll, describe, expect, it } from 'vitest';
import { runId } from '../../support/api';

/**
 * Switching many places at once: the geo tree on a table of its own, seeded as a
 * fresh install, since "only these" switches off every other place and the shared table's places
 * are what the other files exchange in. The route over HTTP: test/integration/admin/geo.test.ts.
 */
process.env.TABLE_NAME = `exchange-geo-bulk-${runId()}`;
const { seedDatabase } = await import('@functions/seed/seed');
const { switchGeoBulk, OthersOffNeedsSwitchingOn } = await import('@functions/domain/geo/toggle');
const { listGeoNodes } = await import('@functions/data/geo');
const { listAuditFor } = await import('@functions/data/audit');

const actor = { id: 'geo-bulk-admin', role: 'ADMIN' as const };
const stateOf = async () => new Map((await listGeoNodes()).map((node) => [node.key, node.isActive]));

beforeAll(async () => {
  const { tableName } = await import('@functions/data/client');
  expect(tableName).toBe(process.env.TABLE_NAME);
  await ensureTable(process.env.AWS_ENDPOINT_URL_DYNAMODB!, process.env.TABLE_NAME!);
  await seedDatabase({ aroundTheClock: true });
});

describe('switching places in bulk', () => {
  it('"only these": a fresh install restricted to Russia in one call', async () => {
    const before = await stateOf();
    expect([...before.values()].every(Boolean)).toBe(true);

    const { changed } = await switchGeoBulk(
      { locationKeys: ['cis.russia'], isActive: true, othersOff: true },
      actor,
    );

    const after = await stateOf();
    const on = [...after].filter(([, active]) => active).map(([key]) => key);
    expect(on).toContain('cis');
    expect(on).toContain('cis.russia');
    expect(on.every((key) => key === 'cis' || key.startsWith('cis.russia'))).toBe(true);
    expect(on.filter((key) => key.startsWith('cis.russia.')).length).toBeGreaterThan(0);
    expect(changed.length).toBe([...after].filter(([key, active]) => before.get(key) !== active).length);
    // One audit entry per chunk of 99 writes, each naming the bulk switch, on the place kept.
    const audit = await listAuditFor('geo', 'cis.russia');
    expect(audit.length).toBe(Math.ceil(changed.length / 99));
    expect(audit.every((entry) => entry.action === 'geo.bulk')).toBe(true);
  });

  it('switches several places on across continents, with their ancestors, and touches nothing else', async () => {
    const { changed } = await switchGeoBulk(
      { locationKeys: ['cis.kazakhstan', 'europe.spain.madrid'], isActive: true },
      actor,
    );
    const after = await stateOf();
    for (const key of ['cis', 'cis.kazakhstan', 'europe', 'europe.spain', 'europe.spain.madrid'])
      expect(after.get(key), key).toBe(true);
    expect(after.get('europe.spain.barcelona')).toBe(false);
    expect(after.get('europe.germany')).toBe(false);
    expect(changed).toContain('cis.kazakhstan');

    // Switching off takes the places and what is inside them, and leaves their ancestors on.
    await switchGeoBulk({ locationKeys: ['cis.kazakhstan', 'europe.spain'], isActive: false }, actor);
    const off = await stateOf();
    expect(off.get('cis.kazakhstan')).toBe(false);
    expect([...off].some(([key, active]) => key.startsWith('cis.kazakhstan.') && active)).toBe(false);
    expect(off.get('europe.spain.madrid')).toBe(false);
    expect(off.get('cis')).toBe(true);
    // Asked again, nothing changes.
    expect(
      (await switchGeoBulk({ locationKeys: ['cis.kazakhstan'], isActive: false }, actor)).changed,
    ).toEqual([]);
  });

  it('refuses "only these" switching off', async () => {
    await expect(
      switchGeoBulk({ locationKeys: ['cis.russia'], isActive: false, othersOff: true }, actor),
    ).rejects.toBeInstanceOf(OthersOffNeedsSwitchingOn);
  });
});
