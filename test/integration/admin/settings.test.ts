import { listAuditFor } from '@functions/data/audit';
import type { SettingView } from '@shared/contract/admin';
import type { PublicRatesData } from '@shared/contract/rates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import type { TestUser } from '../../support/users';
import { newUser, standardBody, submit } from '../applications/fixtures';

/**
 * The only file that changes minApplicationAmountUSD, so the minimum-amount tests live here too
 * (files run in parallel; this one restores the default at the end).
 */
let admin: TestUser;
let superAdmin: TestUser;

beforeAll(async () => {
  [admin, superAdmin] = await Promise.all([newUser({ role: 'ADMIN' }), newUser({ role: 'SUPER_ADMIN' })]);
});

const getSetting = (key: string, staff = admin) =>
  api<SettingView>('GET', `/api/admin/settings/${key}`, { token: staff.token });
const listSettings = (staff = admin) =>
  api<SettingView[]>('GET', '/api/admin/settings', { token: staff.token });
const putSetting = (key: string, body: unknown, staff = admin) =>
  api<SettingView>('PUT', `/api/admin/settings/${key}`, { token: staff.token, body });

afterAll(async () => {
  await putSetting('minApplicationAmountUSD', { value: 100 });
});

describe('GET /api/admin/settings', () => {
  it('lists minApplicationAmountUSD and applicationExpiryHours with their defaults', async () => {
    const answer = await api<SettingView[]>('GET', '/api/admin/settings', { token: admin.token });
    const byKey = Object.fromEntries(answer.body.data!.map((setting) => [setting.key, setting.value]));
    expect(answer.status).toBe(200);
    expect(byKey).toMatchObject({ applicationExpiryHours: 24 });
    expect(typeof byKey.minApplicationAmountUSD).toBe('number');
    expect(typeof byKey.staffNotifyEmail).toBe('string');
  });

  it('returns one setting', async () => {
    const answer = await getSetting('applicationExpiryHours');
    expect(answer.body.data).toMatchObject({ key: 'applicationExpiryHours', value: 24 });
  });

  it('answers 404 for an unknown key', async () => {
    const answer = await getSetting('maxApplicationAmountUSD');
    expect(answer.status).toBe(404);
  });
});

describe('PUT /api/admin/settings/{key}', () => {
  it('changes the minimum, records it in the audit trail and applies it to new applications', async () => {
    const before = (await getSetting('minApplicationAmountUSD')).body.data!;
    const answer = await putSetting('minApplicationAmountUSD', {
      value: 250,
      description: 'Raised for testing',
    });
    const refused = await submit(await newUser(), standardBody({ assetFrom: 'card-USD', amount: 200 }));
    const [entry] = await listAuditFor('setting', 'minApplicationAmountUSD');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      value: 250,
      description: 'Raised for testing',
      updatedBy: admin.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors![0]!.msg).toBe('The minimum amount is 250 USD (250 USD).');
    expect(entry).toMatchObject({
      actorId: admin.id,
      before: { value: before.value },
      after: { value: 250, description: 'Raised for testing' },
    });
  });

  it("publishes the minimum on the rates every visitor sees, in each direction's currency", async () => {
    await putSetting('minApplicationAmountUSD', { value: 250 });
    const raised = await api<PublicRatesData>('GET', '/api/rates');
    await putSetting('minApplicationAmountUSD', { value: 100 });
    const restored = await api<PublicRatesData>('GET', '/api/rates');
    const minimum = (answer: typeof raised, assetFrom: string, assetTo: string) =>
      answer.body.data!.directions.find((d) => d.assetFrom === assetFrom && d.assetTo === assetTo)!
        .quoteLimits!.minAmount;
    expect(minimum(raised, 'card-USD', 'usdt-trc20')).toBe(250);
    expect(minimum(raised, 'usdt-trc20', 'cash-USD')).toBe(250);
    expect(minimum(restored, 'card-USD', 'usdt-trc20')).toBe(100);
    expect(minimum(restored, 'card-EUR', 'usdt-trc20')).toBe(92.6);
  });

  it('states the minimum in the currency the user pays in', async () => {
    await putSetting('minApplicationAmountUSD', { value: 100 });
    const answer = await submit(await newUser(), standardBody({ assetFrom: 'card-EUR', amount: 50 }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      expect.objectContaining({ path: 'amount', msg: 'The minimum amount is 92.6 EUR (100 USD).' }),
    ]);
  });

  it('states the minimum in USDT when the user pays in USDT', async () => {
    await putSetting('minApplicationAmountUSD', { value: 100 });
    const answer = await submit(
      await newUser(),
      standardBody({ assetFrom: 'usdt-trc20', assetTo: 'cash-EUR', amount: 99.5 }),
    );
    expect(answer.body.errors![0]!.msg).toBe('The minimum amount is 100 USDT (100 USD).');
  });

  it('accepts an amount exactly at the minimum', async () => {
    await putSetting('minApplicationAmountUSD', { value: 100 });
    const answer = await submit(await newUser(), standardBody({ assetFrom: 'card-USD', amount: 100 }));
    expect(answer.status).toBe(201);
  });

  it('accepts zero, which lifts the minimum', async () => {
    const answer = await putSetting('minApplicationAmountUSD', { value: 0 });
    const tiny = await submit(await newUser(), standardBody({ assetFrom: 'card-USD', amount: 0.01 }));
    await putSetting('minApplicationAmountUSD', { value: 100 });
    expect(answer.status).toBe(200);
    expect(tiny.status).toBe(201);
  });

  it('accepts the value as numeric text, as a form field sends it', async () => {
    const answer = await putSetting('minApplicationAmountUSD', { value: '100' });
    expect(answer.body.data!.value).toBe(100);
  });

  it.each([
    ['a negative minimum', 'minApplicationAmountUSD', { value: -1 }],
    ['a non-numeric minimum', 'minApplicationAmountUSD', { value: 'abc' }],
    ['a missing value', 'minApplicationAmountUSD', {}],
    ['a fractional expiry', 'applicationExpiryHours', { value: 1.5 }],
    ['a zero expiry', 'applicationExpiryHours', { value: 0 }],
    ['an unknown field', 'applicationExpiryHours', { value: 24, key: 'x' }],
    ['an address that is not an email', 'staffNotifyEmail', { value: 'staff at example' }],
    ['a number for the email setting', 'staffNotifyEmail', { value: 5 }],
  ])('refuses %s with 400', async (_name, key, body) => {
    const answer = await putSetting(key, body, superAdmin);
    expect(answer.status).toBe(400);
  });

  it('states that the minimum must be a positive number', async () => {
    const answer = await putSetting('minApplicationAmountUSD', { value: -5 });
    expect(answer.body.errors).toEqual([
      expect.objectContaining({ path: 'value', msg: 'The value must be a positive number.' }),
    ]);
  });

  it('states that a number setting takes a number', async () => {
    const answer = await putSetting('applicationExpiryHours', { value: 'soon' });
    expect(answer.body.errors).toEqual([
      expect.objectContaining({ path: 'value', msg: 'The value must be a number.' }),
    ]);
  });

  it('states that the staff address must be an email or empty', async () => {
    const answer = await putSetting('staffNotifyEmail', { value: 'staff at example' }, superAdmin);
    expect(answer.body.errors).toEqual([
      expect.objectContaining({
        path: 'value',
        msg: 'The value must be an email address, or empty for none.',
      }),
    ]);
  });

  it("states that the business's time zone must be one Intl knows", async () => {
    const answer = await putSetting('businessTimeZone', { value: 'Europe/Atlantis' }, superAdmin);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      expect.objectContaining({
        path: 'value',
        msg: 'Unknown time zone: use an IANA name such as Europe/Moscow.',
      }),
    ]);
  });

  // Every file reads the zone from the shared table, so only its default value is written here.
  it("lets a SUPER_ADMIN set the business's time zone, trimmed, Europe/Moscow by default", async () => {
    const before = (await getSetting('businessTimeZone', superAdmin)).body.data!;
    const answer = await putSetting('businessTimeZone', { value: ' Europe/Moscow ' }, superAdmin);
    expect(before.value).toBe('Europe/Moscow');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ value: 'Europe/Moscow', updatedBy: superAdmin.id });
  });

  it('answers 404 for an unknown key', async () => {
    const answer = await putSetting('maxApplicationAmountUSD', { value: 5 });
    expect(answer.status).toBe(404);
  });
});

/**
 * Security and notification settings are a SUPER_ADMIN's (their minRole in SETTING_DEFAULTS). The
 * SUPER_ADMIN's writes here keep each value as it is on the shared table (the token and the second
 * factor switch are changed only on tables of their own; mails.test.ts sets the staff address), so
 * no other file meets a change.
 */
describe('settings only a SUPER_ADMIN changes', () => {
  it.each([
    ['staffMfaRequired', 0],
    ['staffNotifyEmail', 'outsider@evil.example'],
    ['ratesExportToken', 'chosen-by-an-admin-0123'],
    ['businessTimeZone', 'Asia/Tokyo'],
  ])('refuses an ADMIN changing %s with 403 and writes nothing', async (key, value) => {
    const before = (await getSetting(key, superAdmin)).body.data!;

    const answer = await putSetting(key, { value }, admin);

    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({
      success: false,
      message: `Only a SUPER_ADMIN can change the setting ${key}.`,
    });
    expect((await getSetting(key, superAdmin)).body.data).toEqual(before);
  });

  it('refuses an ADMIN before reading the value, so a bad value is still a 403', async () => {
    const answer = await putSetting('staffNotifyEmail', { value: 'staff at example' }, admin);
    expect(answer.status).toBe(403);
  });

  it.each(['staffMfaRequired', 'ratesExportToken'])('lets a SUPER_ADMIN change %s', async (key) => {
    const current = (await getSetting(key, superAdmin)).body.data!.value;

    const answer = await putSetting(key, { value: current }, superAdmin);

    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ key, value: current, updatedBy: superAdmin.id });
  });

  it('still lets an ADMIN change the other settings', async () => {
    const answer = await putSetting('applicationExpiryHours', { value: 24 }, admin);
    expect(answer.status).toBe(200);
  });
});

describe('the export token in the settings an ADMIN reads', () => {
  it('is withheld from an ADMIN in the list and alone, marked redacted', async () => {
    const listed = (await listSettings(admin)).body.data!.find(
      (setting) => setting.key === 'ratesExportToken',
    );
    const alone = await getSetting('ratesExportToken', admin);
    expect(alone.status).toBe(200);
    expect(listed).toMatchObject({ value: '', redacted: true });
    expect(alone.body.data).toMatchObject({ key: 'ratesExportToken', value: '', redacted: true });
  });

  it('is shown to a SUPER_ADMIN, unmarked', async () => {
    const alone = (await getSetting('ratesExportToken', superAdmin)).body.data!;
    const listed = (await listSettings(superAdmin)).body.data!.find(
      (setting) => setting.key === 'ratesExportToken',
    );
    expect(alone.redacted).toBeUndefined();
    expect(listed).toEqual(alone);
  });

  it('leaves the settings that are not secret readable by an ADMIN', async () => {
    const listed = (await listSettings(admin)).body.data!;
    expect(listed.filter((setting) => setting.redacted).map((setting) => setting.key)).toEqual([
      'ratesExportToken',
    ]);
  });
});
