import { listAuditFor } from '@functions/data/audit';
import type { GeoTree } from '@shared/geo';
import { adminBulkGeo } from '@shared/routes/geo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, call } from '../../support/api';
import type { TestUser } from '../../support/users';
import { newUser, standardBody, submit } from '../applications/fixtures';

/** Only this file toggles geo nodes, and only in South America (restored afterwards). */
let admin: TestUser;

beforeAll(async () => {
  admin = await newUser({ role: 'ADMIN' });
});

afterAll(async () => {
  await toggle('south_america', true);
});

function toggle(locationKey: string, isActive: boolean) {
  return api<{ locationKey: string; isActive: boolean; changed: string[] }>('PUT', '/api/admin/geo/toggle', {
    token: admin.token,
    body: { locationKey, isActive },
  });
}

/** Every node of the admin tree as key → isActive. */
async function states(): Promise<Map<string, boolean>> {
  const answer = await api<GeoTree>('GET', '/api/admin/geo', { token: admin.token });
  const map = new Map<string, boolean>();
  for (const continent of answer.body.data!) {
    map.set(continent.key, continent.isActive);
    for (const country of continent.countries) {
      map.set(country.key, country.isActive);
      for (const city of country.cities) map.set(city.key, city.isActive);
    }
  }
  return map;
}

const under = (map: Map<string, boolean>, prefix: string) =>
  [...map].filter(([key]) => key === prefix || key.startsWith(`${prefix}.`));

describe('GET /api/admin/geo', () => {
  it('returns the whole tree, inactive nodes included', async () => {
    await toggle('south_america.peru.cusco', false);
    const map = await states();
    const publicTree = await api<GeoTree>('GET', '/api/geo');
    const publicPeru = publicTree.body
      .data!.flatMap((c) => c.countries)
      .find((c) => c.key === 'south_america.peru')!;
    expect(map.get('south_america.peru.cusco')).toBe(false);
    expect(publicPeru.cities.map((city) => city.key)).toEqual(['south_america.peru.lima']);
    await toggle('south_america.peru.cusco', true);
  });
});

describe('PUT /api/admin/geo/toggle', () => {
  it('turns a country off together with all its cities', async () => {
    const answer = await toggle('south_america.chile', false);
    const map = await states();
    expect(answer.status).toBe(200);
    expect(answer.body.data!.changed).toEqual([
      'south_america.chile',
      'south_america.chile.santiago',
      'south_america.chile.valparaiso',
    ]);
    expect(under(map, 'south_america.chile').every(([, active]) => !active)).toBe(true);
    expect(map.get('south_america')).toBe(true);
    await toggle('south_america.chile', true);
  });

  it('turns a city on together with its country and continent', async () => {
    await toggle('south_america', false);
    const answer = await toggle('south_america.brazil.sao_paulo', true);
    const map = await states();
    expect(answer.body.data!.changed).toEqual([
      'south_america',
      'south_america.brazil',
      'south_america.brazil.sao_paulo',
    ]);
    expect(map.get('south_america.brazil.rio_de_janeiro')).toBe(false);
    expect(map.get('south_america.argentina')).toBe(false);
    await toggle('south_america', true);
  });

  it('turns a continent on with all its descendants', async () => {
    await toggle('south_america', false);
    await toggle('south_america', true);
    const map = await states();
    expect(under(map, 'south_america').every(([, active]) => active)).toBe(true);
  });

  it('is idempotent: repeating a toggle changes nothing', async () => {
    await toggle('south_america.colombia', false);
    const again = await toggle('south_america.colombia', false);
    expect(again.status).toBe(200);
    expect(again.body.data!.changed).toEqual([]);
    await toggle('south_america.colombia', true);
  });

  it('records who toggled what, before and after', async () => {
    await toggle('south_america.peru.lima', false);
    const [entry] = await listAuditFor('geo', 'south_america.peru.lima');
    expect(entry).toMatchObject({
      actorId: admin.id,
      action: 'geo.toggle',
      before: { 'south_america.peru.lima': true },
      after: { 'south_america.peru.lima': false },
    });
    await toggle('south_america.peru.lima', true);
  });

  it('makes a switched-off city refuse applications', async () => {
    await toggle('south_america.argentina.mendoza', false);
    const answer = await submit(
      await newUser(),
      standardBody({
        continent: 'south_america',
        country: 'south_america.argentina',
        city: 'south_america.argentina.mendoza',
        assetFrom: 'card-USD',
      }),
    );
    await toggle('south_america.argentina.mendoza', true);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      expect.objectContaining({ path: 'city', msg: 'This location is not available.' }),
    ]);
  });

  it('makes a city refuse applications while its country is off', async () => {
    await toggle('south_america.argentina', false);
    await api('PUT', '/api/admin/geo/toggle', {
      token: admin.token,
      body: { locationKey: 'south_america.argentina.cordoba', isActive: true },
    });
    await toggle('south_america.argentina', false);
    const answer = await submit(
      await newUser(),
      standardBody({
        continent: 'south_america',
        country: 'south_america.argentina',
        city: 'south_america.argentina.cordoba',
        assetFrom: 'card-USD',
      }),
    );
    await toggle('south_america.argentina', true);
    expect(answer.status).toBe(400);
    expect(answer.body.errors!.map((error) => error.path)).toContain('country');
  });

  it('ends as if two simultaneous toggles of one subtree had run one after the other', async () => {
    await Promise.all([toggle('south_america.brazil', false), toggle('south_america.brazil.brasilia', true)]);
    const brazil = Object.fromEntries(under(await states(), 'south_america.brazil'));
    const offThenOn = {
      'south_america.brazil': true,
      'south_america.brazil.brasilia': true,
      'south_america.brazil.rio_de_janeiro': false,
      'south_america.brazil.sao_paulo': false,
    };
    const onThenOff = Object.fromEntries(Object.keys(offThenOn).map((key) => [key, false]));
    expect([offThenOn, onThenOff]).toContainEqual(brazil);
    await toggle('south_america.brazil', true);
  });

  it('answers 404 for an unknown key', async () => {
    const answer = await toggle('south_america.atlantis', false);
    expect(answer.status).toBe(404);
  });

  it('refuses a malformed key with 400', async () => {
    const answer = await toggle('South America!', false);
    expect(answer.status).toBe(400);
  });
});

describe('PUT /api/admin/geo/bulk', () => {
  const bulk = (body: unknown, token = admin.token) => call(adminBulkGeo, { token, body: body as never });

  it('switches several places at once, each with what is inside it, and answers what changed', async () => {
    const off = await bulk({ locationKeys: ['south_america.chile', 'south_america.peru'], isActive: false });
    expect(off.status).toBe(200);
    const map = await states();
    expect(
      [...under(map, 'south_america.chile'), ...under(map, 'south_america.peru')].every(([, on]) => !on),
    ).toBe(true);
    expect(off.body.data!.changed).toEqual(
      [...under(map, 'south_america.chile'), ...under(map, 'south_america.peru')].map(([key]) => key).sort(),
    );
    const on = await bulk({ locationKeys: ['south_america.chile', 'south_america.peru'], isActive: true });
    expect(on.body.data!.changed.length).toBe(off.body.data!.changed.length);
  });

  it('refuses an unknown place (404), an empty list (400), "only these" switching off (400), and a manager (403)', async () => {
    expect((await bulk({ locationKeys: ['south_america.atlantis'], isActive: false })).status).toBe(404);
    expect((await bulk({ locationKeys: [], isActive: false })).status).toBe(400);
    const refused = await bulk({ locationKeys: ['south_america.chile'], isActive: false, othersOff: true });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('OthersOffNeedsSwitchingOn');
    const manager = await newUser({ role: 'MANAGER' });
    expect(
      (await bulk({ locationKeys: ['south_america.chile'], isActive: false }, manager.token)).status,
    ).toBe(403);
    expect((await states()).get('south_america.chile')).toBe(true);
  });
});
