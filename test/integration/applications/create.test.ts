import { findApplication } from '@functions/data/applications';
import type { AdminApplicationDetail, ApplicationView } from '@shared/contract/applications';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import type { TestUser } from '../../support/users';
import { createApplication, individualBody, newUser, standardBody, submit } from './fixtures';

let user: TestUser;

beforeAll(async () => {
  user = await newUser();
});

const fieldsOf = (answer: Awaited<ReturnType<typeof submit>>) =>
  (answer.body.errors ?? []).map((error) => error.path);

describe('POST /api/applications: a standard application', () => {
  it('is created PENDING with the amounts, the quoted rate and the contact as sent', async () => {
    const answer = await submit(await newUser(), standardBody({ contactTelegram: '  @exchange_tester  ' }));
    const application = answer.body.data!;
    expect(answer.status).toBe(201);
    expect(application).toMatchObject({
      requestType: 'STANDARD',
      status: 'PENDING',
      amountFrom: 500,
      assetFrom: 'card-EUR',
      assetTo: 'usdt-trc20',
      currencyFrom: 'EUR',
      currencyTo: 'USDT',
      continent: 'europe',
      country: 'europe.spain',
      city: 'europe.spain.madrid',
      contactData: { telegram: '@exchange_tester' },
      originFunds: 'N/A',
      details: null,
      rejectionReason: null,
    });
    expect(application.rate!.rate).toBeGreaterThan(0);
    expect(application.amountTo).toBeCloseTo(500 * application.rate!.rate, 1);
    expect(application.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps the rate quoted at creation as a snapshot with the USD values used', async () => {
    const application = await createApplication(
      user,
      standardBody({ assetFrom: 'usdt-trc20', assetTo: 'cash-EUR' }),
    );
    expect(application.rate).toMatchObject({ usdValueFrom: 1, markupPercent: expect.any(Number) });
    expect(application.rate!.usdValueTo).toBeGreaterThan(0);
    expect(application.amountUSD).toBe(500);
  });

  it("accepts the chosen country's local currency", async () => {
    const answer = await submit(
      await newUser(),
      standardBody({
        continent: 'cis',
        country: 'cis.kazakhstan',
        city: 'cis.kazakhstan.almaty',
        assetFrom: 'cash-KZT',
        amount: 500_000,
      }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body.data!.currencyFrom).toBe('KZT');
  });

  it('refuses a fiat currency the country does not offer', async () => {
    const answer = await submit(user, standardBody({ assetFrom: 'cash-KZT', amount: 500_000 }));
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer)).toEqual(['assetFrom']);
  });

  it.each([
    ['fiat to fiat', { assetFrom: 'cash-EUR', assetTo: 'card-USD' }],
    ['crypto to crypto', { assetFrom: 'usdt-trc20', assetTo: 'usdt-trc20' }],
  ])('refuses %s', async (_name, assets) => {
    const answer = await submit(user, standardBody(assets));
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer)).toEqual(['assetTo']);
  });

  it('refuses an unknown asset key at validation', async () => {
    const answer = await submit(user, standardBody({ assetFrom: 'btc' }));
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer)).toEqual(['assetFrom']);
  });

  it('refuses a city that is not in the chosen country', async () => {
    const answer = await submit(user, standardBody({ city: 'europe.france.paris' }));
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer)).toEqual(['city']);
  });

  it('refuses a country that is not in the chosen continent', async () => {
    const answer = await submit(
      user,
      standardBody({ continent: 'asia', country: 'europe.spain', city: 'europe.spain.madrid' }),
    );
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer)).toContain('country');
  });

  it('refuses a location that does not exist', async () => {
    const answer = await submit(
      user,
      standardBody({ country: 'europe.atlantis', city: 'europe.atlantis.poseidonia' }),
    );
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer)).toEqual(['country', 'city']);
  });

  it.each([0, -5])('refuses the amount %s', async (amount) => {
    const answer = await submit(user, standardBody({ amount }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      expect.objectContaining({ path: 'amount', msg: 'Please enter the correct positive amount' }),
    ]);
  });

  it('refuses an amount given as text', async () => {
    const answer = await submit(user, standardBody({ amount: '500' }));
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer)).toEqual(['amount']);
  });

  it('refuses a fiat amount with more than two decimal places', async () => {
    const answer = await submit(user, standardBody({ amount: 500.123 }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors![0]!.msg).toMatch(/at most 2 decimal places/);
  });

  it('accepts a USDT amount with six decimal places', async () => {
    const answer = await submit(
      await newUser(),
      standardBody({ assetFrom: 'usdt-trc20', assetTo: 'card-EUR', amount: 500.123456 }),
    );
    expect(answer.status).toBe(201);
  });

  it('refuses an absurdly large amount', async () => {
    const answer = await submit(user, standardBody({ amount: 1e15 }));
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer)).toEqual(['amount']);
  });

  it.each([
    ['too short after trimming', '  ab  '],
    ['neither a username nor a phone', 'not a handle!'],
  ])('refuses a Telegram contact %s', async (_name, contactTelegram) => {
    const answer = await submit(user, standardBody({ contactTelegram }));
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer)).toEqual(['contactTelegram']);
  });

  it('stores originFunds exactly as sent', async () => {
    const application = await createApplication(await newUser(), standardBody({ originFunds: 'Salary' }));
    expect(application.originFunds).toBe('Salary');
  });

  it('refuses unknown fields', async () => {
    const answer = await submit(user, { ...standardBody(), status: 'COMPLETED' });
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer)).toEqual(['status']);
  });
});

describe('POST /api/applications: where the client came from', () => {
  const SOURCE = { monitorFrom: 'SBERRUB', monitorTo: 'USDTTRC20', referrer: 'www.bestchange.ru' };

  it('is kept with the application and shown to staff, for a standard and an individual request', async () => {
    const manager = await newUser({ role: 'MANAGER' });
    const campaign = { utmSource: 'telegram', utmMedium: 'post', utmCampaign: 'Весна 2026' };
    for (const [body, source] of [
      [standardBody({ source: SOURCE }), SOURCE],
      [individualBody({ source: campaign }), campaign],
      [standardBody(), null],
    ] as const) {
      const application = await createApplication(await newUser(), body);
      const detail = await api<AdminApplicationDetail>('GET', `/api/admin/applications/${application.id}`, {
        token: manager.token,
      });
      expect(detail.body.data!.source).toEqual(source);
    }
  });

  it('is refused when not in a form the site records, and nothing is created', async () => {
    const client = await newUser();
    for (const source of [{ utmSource: 'a\u0000b' }, { monitorFrom: 'x'.repeat(21) }, { gclid: 'abc' }]) {
      const answer = await submit(client, standardBody({ source }));
      expect(answer.status).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(fieldsOf(answer)[0]).toMatch(/^source/);
    }
    const mine = await api<{ total: number }>('GET', '/api/applications', { token: client.token });
    expect(mine.body.data!.total).toBe(0);
  });
});

describe('POST /api/applications: an individual request', () => {
  it('is created with the trimmed details and no exchange fields', async () => {
    const answer = await submit(await newUser(), individualBody({ details: '  Need 2000 CHF in Zurich  ' }));
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      requestType: 'INDIVIDUAL',
      status: 'PENDING',
      details: 'Need 2000 CHF in Zurich',
      amountFrom: null,
      assetFrom: null,
      city: null,
      rate: null,
      contactData: { telegram: '+351 912 345 678' },
    });
  });

  it.each([
    ['empty after trimming', '   '],
    ['over 2000 characters', 'x'.repeat(2001)],
  ])('refuses details %s', async (_name, details) => {
    const answer = await submit(user, individualBody({ details }));
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer)).toEqual(['details']);
  });

  it('accepts details of exactly 2000 characters', async () => {
    const answer = await submit(await newUser(), individualBody({ details: 'y'.repeat(2000) }));
    expect(answer.status).toBe(201);
  });

  it('refuses an unknown request type', async () => {
    const answer = await submit(user, individualBody({ requestType: 'VIP' }));
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer)).toEqual(['requestType']);
  });
});

describe('POST /api/applications: the AML acknowledgement', () => {
  it.each([
    ['a standard application without it', standardBody({ amlAcknowledged: undefined })],
    ['an individual request with it false', individualBody({ amlAcknowledged: false })],
  ])('refuses %s, on its field', async (_name, body) => {
    const answer = await submit(user, body);

    expect(answer.status).toBe(400);
    expect(answer.body.errors).toMatchObject([
      { path: 'amlAcknowledged', code: 'amlAcknowledgementRequired' },
    ]);
  });

  it('keeps when the client acknowledged it', async () => {
    const answer = await submit(await newUser(), standardBody());

    const stored = await findApplication(answer.body.data!.id);
    expect(stored?.amlAcknowledgedAt).toBe(answer.body.data!.createdAt);
  });
});

describe('POST /api/applications: access and anti-fraud', () => {
  it('refuses an anonymous caller with 401 and NotLoggedIn', async () => {
    const answer = await api('POST', '/api/applications', { body: standardBody() });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('NotLoggedIn');
  });

  it('refuses a sixth open application with 409 and a clear message', async () => {
    const owner = await newUser();
    for (let index = 0; index < 5; index += 1) await createApplication(owner, individualBody());
    const answer = await submit(owner, individualBody());
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(/already have 5 open applications/);
    expect(answer.body).toMatchObject({ code: 'TooManyOpenApplications', params: { limit: 5 } });
  });

  it('lets a user apply again once one of five open applications is cancelled', async () => {
    const owner = await newUser();
    const first = await createApplication(owner, individualBody());
    for (let index = 0; index < 4; index += 1) await createApplication(owner, individualBody());
    await api('POST', `/api/applications/${first.id}/cancel`, { token: owner.token });
    const answer = await submit(owner, individualBody());
    expect(answer.status).toBe(201);
  });

  it('keeps the limit when six submits race', async () => {
    const owner = await newUser();
    const answers = await Promise.all(Array.from({ length: 6 }, () => submit(owner, individualBody())));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 201, 201, 409]);
  });
});

describe('POST /api/applications with an Idempotency-Key', () => {
  it('answers a retried submit with the same application', async () => {
    const owner = await newUser();
    const headers = { 'Idempotency-Key': `submit-${owner.id}` };
    const first = await submit(owner, standardBody(), headers);
    const retry = await submit(owner, standardBody(), headers);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.data!.id).toBe(first.body.data!.id);
    const list = await api<{ total: number }>('GET', '/api/applications', { token: owner.token });
    expect(list.body.data!.total).toBe(1);
  });

  it('refuses the same key with a different body with 409', async () => {
    const owner = await newUser();
    const headers = { 'Idempotency-Key': `submit-${owner.id}` };
    await submit(owner, standardBody(), headers);
    const answer = await submit(owner, standardBody({ amount: 600 }), headers);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(/Idempotency-Key/);
  });

  it('creates one application when the same submit races', async () => {
    const owner = await newUser();
    const headers = { 'Idempotency-Key': `race-${owner.id}` };
    const answers = await Promise.all([1, 2, 3].map(() => submit(owner, individualBody(), headers)));
    const ids = new Set(answers.map((answer) => (answer.body.data as ApplicationView).id));
    expect(answers.every((answer) => answer.status === 200 || answer.status === 201)).toBe(true);
    expect(ids.size).toBe(1);
  });

  it('keeps keys per user: the same key of another user creates a new application', async () => {
    const [first, second] = await Promise.all([newUser(), newUser()]);
    const headers = { 'Idempotency-Key': 'shared-key-123' };
    const a = await submit(first, individualBody(), headers);
    const b = await submit(second, individualBody(), headers);
    expect(b.status).toBe(201);
    expect(b.body.data!.id).not.toBe(a.body.data!.id);
  });

  it('refuses a malformed key with 400', async () => {
    const answer = await submit(user, individualBody(), { 'Idempotency-Key': 'bad key!' });
    expect(answer.status).toBe(400);
  });
});
