import * as aml from '@functions/data/aml';
import * as checks from '@functions/domain/aml/checks';
import * as settings from '@functions/domain/settings/settings';
import { type AmlStandIn, postToAmlStandIn, startAmlStandIn } from '@infra/local/aml-stand-in';
import { dayStart } from '@shared/business-time';
import { adminAmlStatus } from '@shared/routes/security';
import { adminPutSetting } from '@shared/routes/settings';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, runId } from '../../support/api';
import { startSecretsExtension } from '../../support/secrets-extension';
import { createVerifiedUser } from '../../support/users';

/**
 * The AML adapter (functions/data/aml.ts) over HTTP against the AML stand-in, and the month's usage
 * (functions/domain/aml/checks.ts) in the shared table: this file's own stand-in, so it may set the
 * key and the timeout and make the provider fail without touching other tests.
 */
const KEY = 'aml-test-key';
let standIn: AmlStandIn;

beforeAll(async () => {
  standIn = await startAmlStandIn({ apiKey: KEY });
  vi.stubEnv('AML_API_URL', standIn.url);
  vi.stubEnv('AML_API_KEY', KEY);
  vi.stubEnv('AML_TIMEOUT_MS', '500');
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await standIn?.stop();
});

/** A made-up TRON address of this run (the stand-in checks no format). */
const address = () => `T${runId()}`.padEnd(34, 'x');
const local = (path: string, body: unknown) => postToAmlStandIn(standIn.url, path, body);
const requested = async () =>
  ((await (await fetch(`${standIn.url}/_local/checks`)).json()) as { checks: Array<{ address: string }> })
    .checks;

describe('a check, pending then completed', () => {
  it('starts pending and reads completed with the score and the signals as exact text', async () => {
    const sender = address();
    await local('/_local/score', {
      address: sender,
      riskScore: '81.35',
      pendingReads: 1,
      signals: [
        { key: 'sanctions', label: 'Sanctions', category: 'high', riskScore: '62.5' },
        { key: 'exchange_licensed', label: 'Exchange Licensed', category: 'low', riskScore: '37.5' },
      ],
    });

    const started = await aml.startAmlCheck({ type: 'address', address: sender });
    const first = await aml.readAmlCheck(started.providerId);
    const second = await aml.readAmlCheck(started.providerId);

    expect(started).toEqual({
      providerId: expect.any(String),
      status: 'pending',
      riskScore: null,
      signals: [],
    });
    expect(first.status).toBe('pending');
    expect(second).toEqual({
      providerId: started.providerId,
      status: 'completed',
      riskScore: '81.35',
      signals: [
        { key: 'sanctions', label: 'Sanctions', category: 'high', share: '62.5' },
        { key: 'exchange_licensed', label: 'Exchange Licensed', category: 'low', share: '37.5' },
      ],
    });
  });

  it("checks a transaction by its hash, its own score before its sender's, and anything not set scores low", async () => {
    const sender = address();
    const hash = runId().padEnd(64, '0');
    await local('/_local/score', { address: sender, riskScore: '90', pendingReads: 0 });
    await local('/_local/score', { transaction: hash, riskScore: '12.05', pendingReads: 0 });

    const transaction = await aml.startAmlCheck({ type: 'transaction', address: sender, transaction: hash });
    const unknown = await aml.startAmlCheck({ type: 'address', address: address() });

    expect((await aml.readAmlCheck(transaction.providerId)).riskScore).toBe('12.05');
    await aml.readAmlCheck(unknown.providerId);
    expect(await aml.readAmlCheck(unknown.providerId)).toMatchObject({
      status: 'completed',
      riskScore: '5.2',
    });
  });
});

describe('the provider failing', () => {
  it('is unavailable on a 500, a 429, a malformed answer and a slow answer, then answers again', async () => {
    const sender = address();
    const start = () => aml.startAmlCheck({ type: 'address', address: sender });

    await local('/_local/fail', { status: 500, match: sender });
    const failed = await start().catch((error: unknown) => error);
    await local('/_local/fail', { status: 429, match: sender });
    const limited = await start().catch((error: unknown) => error);
    await local('/_local/fail', { malformed: true, match: sender });
    const malformed = await start().catch((error: unknown) => error);
    await local('/_local/fail', { status: 200, delayMs: 1500, match: sender });
    const began = Date.now();
    const slow = await start().catch((error: unknown) => error);
    const waited = Date.now() - began;

    expect(failed).toBeInstanceOf(aml.AmlUnavailable);
    expect(failed).toMatchObject({ status: 500 });
    expect(limited).toMatchObject({ name: 'AmlUnavailable', status: 429 });
    expect(malformed).toBeInstanceOf(aml.AmlUnavailable);
    expect(slow).toBeInstanceOf(aml.AmlUnavailable);
    expect(waited).toBeLessThan(1400);
    expect((await start()).status).toBe('pending');
  });

  it('is unavailable on a wrong key (the provider answers 401)', async () => {
    vi.stubEnv('AML_API_KEY', 'not-the-key');
    try {
      const refused = await aml
        .startAmlCheck({ type: 'address', address: address() })
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(aml.AmlUnavailable);
      expect(refused).toMatchObject({ status: 401 });
    } finally {
      vi.stubEnv('AML_API_KEY', KEY);
    }
  });
});

describe('without a key', () => {
  it('the check is off: unset, empty or the placeholder "none"', async () => {
    const configured: boolean[] = [await aml.amlConfigured()];
    for (const value of [undefined, '', 'none']) {
      vi.stubEnv('AML_API_KEY', value);
      configured.push(await aml.amlConfigured());
    }
    vi.stubEnv('AML_API_KEY', KEY);

    expect(configured).toEqual([true, false, false, false]);
  });
});

describe('the key in AWS (the secret AML_API_KEY_ARN names)', () => {
  it('is read through the secrets extension: "none" is off, a key is on and sent', async () => {
    const arn = 'arn:aws:secretsmanager:eu-central-1:123456789012:secret:AmlApiKey-abc';
    const extension = await startSecretsExtension(arn, 'none', Date.now());
    vi.stubEnv('AML_API_KEY', undefined);
    vi.stubEnv('AML_API_KEY_ARN', arn);
    vi.stubEnv('PARAMETERS_SECRETS_EXTENSION_HTTP_PORT', String(extension.port));
    vi.stubEnv('AWS_SESSION_TOKEN', 'session');
    try {
      vi.resetModules(); // a function started now: a key cache of its own
      const off = await import('@functions/data/aml');
      const wasOn = await off.amlConfigured();
      extension.put(KEY, Date.now());
      vi.resetModules();
      const on = await import('@functions/data/aml');

      expect(wasOn).toBe(false);
      expect(await on.amlConfigured()).toBe(true);
      expect((await on.startAmlCheck({ type: 'address', address: address() })).status).toBe('pending');
    } finally {
      vi.stubEnv('AML_API_KEY', KEY);
      vi.stubEnv('AML_API_KEY_ARN', undefined);
      await extension.stop();
    }
  });
});

describe("the month's usage", () => {
  // A month of its own in the shared table; 21:30 UTC on 31 March is already April in Moscow.
  const LAST_EVENING = new Date('2031-03-31T21:30:00Z');
  const MONTH = '2031-04';

  it('counts each started check once, at the price of the time, in the business month; reads are free', async () => {
    const admin = { id: `admin-${runId()}`, role: 'ADMIN' } as const;
    const before = await checks.amlUsage(MONTH);
    const sender = address();
    try {
      await settings.putSetting('amlCheckCostUSD', { value: 0.35 }, admin);
      const first = await checks.requestAmlCheck({ type: 'address', address: sender }, LAST_EVENING);
      await checks.readAmlCheck(first.providerId);
      await checks.readAmlCheck(first.providerId);
      await settings.putSetting('amlCheckCostUSD', { value: 0.1 }, admin);
      await checks.requestAmlCheck({ type: 'address', address: sender }, LAST_EVENING);
      await local('/_local/fail', { status: 503, match: sender });
      await checks.requestAmlCheck({ type: 'address', address: sender }, LAST_EVENING).catch(() => undefined);
    } finally {
      await settings.putSetting('amlCheckCostUSD', { value: 0 }, admin);
    }
    const after = await checks.amlUsage(MONTH);

    expect((await requested()).filter((check) => check.address === sender)).toHaveLength(2);
    expect(before).toEqual({ month: MONTH, checks: 0, cost: '0', currency: 'USD' });
    expect(after).toEqual({ month: MONTH, checks: 2, cost: '0.45', currency: 'USD' });
  });
});

describe("the admin's view", () => {
  it("says the check is on in the local stack, with the business month's checks and cost", async () => {
    const admin = await createVerifiedUser({ role: 'ADMIN' });
    const manager = await createVerifiedUser({ role: 'MANAGER' });
    const before = await call(adminAmlStatus, { token: admin.token });
    const month = before.body.data!.month;
    // One more check counted in the month the answer named (its middle, whatever the clock says).
    await checks.requestAmlCheck(
      { type: 'address', address: address() },
      dayStart(`${month}-15`, 'Europe/Moscow'),
    );

    const after = await call(adminAmlStatus, { token: admin.token });
    const refused = await call(adminAmlStatus, { token: manager.token });

    expect(before.body.data).toEqual({
      configured: true,
      month: expect.stringMatching(/^\d{4}-\d{2}$/),
      checks: expect.any(Number),
      cost: expect.any(String),
      currency: 'USD',
    });
    expect(after.body.data).toEqual({ ...before.body.data, checks: before.body.data!.checks + 1 });
    expect(refused.status).toBe(403);
  });
});

describe('the AML settings', () => {
  it("are an ADMIN's to set, each refused outside its range with its rule", async () => {
    const admin = await createVerifiedUser({ role: 'ADMIN' });
    const put = (key: 'amlRiskThreshold' | 'amlMaxAttempts' | 'amlCheckCostUSD', value: number | string) =>
      call(adminPutSetting, { token: admin.token, params: { key }, body: { value } });
    const codes = async (answer: ReturnType<typeof put>) =>
      ((await answer).body.errors ?? []).map((e) => e.code);

    let saved: Awaited<ReturnType<typeof put>>;
    try {
      saved = await put('amlRiskThreshold', '62.5');
    } finally {
      await put('amlRiskThreshold', 50);
    }

    expect(saved.body.data).toMatchObject({ key: 'amlRiskThreshold', value: 62.5 });
    expect(await codes(put('amlRiskThreshold', 100.5))).toEqual(['settingAmlThreshold']);
    expect(await codes(put('amlRiskThreshold', 12.345))).toEqual(['settingAmlThreshold']);
    expect(await codes(put('amlMaxAttempts', 0))).toEqual(['settingAmlAttempts']);
    expect(await codes(put('amlMaxAttempts', 2.5))).toEqual(['settingAmlAttempts']);
    expect(await codes(put('amlCheckCostUSD', -1))).toEqual(['settingAmlCost']);
    expect(await codes(put('amlCheckCostUSD', 0.00001))).toEqual(['settingAmlCost']);
  });
});
