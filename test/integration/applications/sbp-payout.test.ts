import { randomInt } from 'node:crypto';
import { listAuditFor } from '@functions/data/audit';
import type { ApplicationView } from '@shared/contract/applications';
import type { PayoutDetailsBody } from '@shared/contract/deal';
import type { RatesData } from '@shared/contract/rates';
import { adminGetApplication } from '@shared/routes/admin-applications';
import { getMyApplication, setPayoutDetails } from '@shared/routes/applications';
import { adminAddBlacklistEntry } from '@shared/routes/blacklist';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, call } from '../../support/api';
import type { TestUser } from '../../support/users';
import { createApplication, newUser, standardBody } from './fixtures';

/**
 * A payout by SBP (docs/product.md §4 "The deal"): the SBP banks an ADMIN names on a card-RUB payout
 * direction, and the client's phone and bank instead of a card, checked, kept normalized, masked to
 * the client and whole to staff. On the shared stack, this file changes only the SBP banks of
 * usdt-trc20 → card-RUB (no other file reads them), and clears them when it ends.
 */
const SBP_DIRECTION = { assetFrom: 'usdt-trc20', assetTo: 'card-RUB' };

let admin: TestUser;

const putRates = (body: unknown) =>
  api<{ changed: number; rates: RatesData }>('PUT', '/api/admin/rates', { token: admin.token, body });
const setBanks = (sbpBanks: string[]) => putRates({ directions: [{ ...SBP_DIRECTION, sbpBanks }] });
const payTo = (client: TestUser, id: string, body: PayoutDetailsBody) =>
  call(setPayoutDetails, { token: client.token, params: { id }, body });
const clientDetail = (client: TestUser, id: string) =>
  call(getMyApplication, { token: client.token, params: { id } });
const isSbpDirection = (d: { assetFrom: string; assetTo: string }) =>
  d.assetFrom === SBP_DIRECTION.assetFrom && d.assetTo === SBP_DIRECTION.assetTo;

/** A USDT → card-RUB application of a new client (in Madrid: every country offers RUB). */
async function toCardRub(): Promise<{ client: TestUser; application: ApplicationView }> {
  const client = await newUser();
  const body = standardBody({ assetFrom: 'usdt-trc20', assetTo: 'card-RUB', amount: 200 });
  return { client, application: await createApplication(client, body) };
}

beforeAll(async () => {
  admin = await newUser({ role: 'ADMIN' });
});

afterAll(async () => {
  expect((await setBanks([])).status).toBe(200);
});

describe("a direction's SBP banks", () => {
  it('are set by an ADMIN on a card-RUB payout, kept in the list’s order and audited', async () => {
    const answer = await setBanks(['tbank', 'sberbank']);

    expect(answer.status).toBe(200);
    expect(answer.body.data!.rates.directions.find(isSbpDirection)!.sbpBanks).toEqual(['sberbank', 'tbank']);
    const published = await api<RatesData>('GET', '/api/rates');
    expect(published.body.data!.directions.find(isSbpDirection)!.sbpBanks).toEqual(['sberbank', 'tbank']);
    const [entry] = await listAuditFor('rates', 'table');
    expect(entry).toMatchObject({
      actorId: admin.id,
      action: 'rates.update',
      after: { 'direction:usdt-trc20>card-RUB': { sbpBanks: ['sberbank', 'tbank'] } },
    });
  });

  it('are refused on a direction paying out anything else, and when not of the list', async () => {
    const otherPayout = await putRates({
      directions: [{ assetFrom: 'usdt-trc20', assetTo: 'card-EUR', sbpBanks: ['sberbank'] }],
    });
    const unknownBank = await putRates({ directions: [{ ...SBP_DIRECTION, sbpBanks: ['monobank'] }] });
    const twice = await putRates({ directions: [{ ...SBP_DIRECTION, sbpBanks: ['vtb', 'vtb'] }] });

    for (const refused of [otherPayout, unknownBank, twice]) {
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([
        expect.objectContaining({
          path: expect.stringMatching(/^directions\.0\.sbpBanks/),
          code: 'sbpBanks',
        }),
      ]);
    }
  });
});

describe('SBP payout details', () => {
  beforeAll(async () => {
    expect((await setBanks(['sberbank', 'tbank'])).status).toBe(200);
  });

  it.each([['8 999 123-45-67'], ['+7 (999) 123 45 67'], ['79991234567'], ['999 123 45 67']])(
    'takes %s as +79991234567, masked to the client as the card is and whole to staff',
    async (typed) => {
      const { client, application } = await toCardRub();

      const given = await payTo(client, application.id, { phone: typed, bank: 'tbank' });

      expect(given.status).toBe(200);
      expect(given.body.data).toMatchObject({
        payoutKind: 'card',
        payoutDetails: { kind: 'sbp', phone: '+7 ••• •••-45-67', bank: 'tbank' },
        sbpBanks: ['sberbank', 'tbank'],
      });
      expect(JSON.stringify(given.body)).not.toContain('9991234567');
      const staff = await call(adminGetApplication, { token: admin.token, params: { id: application.id } });
      expect(staff.body.data!.payoutDetails).toEqual({ kind: 'sbp', phone: '+79991234567', bank: 'tbank' });
    },
  );

  it.each([
    ['a foreign number', '+44 20 7946 0958'],
    ['too few digits', '+7 999 123 45'],
    ['letters', '+7 999 ABC 45 67'],
    ['a plus before 8', '+8 999 123 45 67'],
  ])('refuses %s on the phone, by its rule', async (_case, phone) => {
    const { client, application } = await toCardRub();

    const refused = await payTo(client, application.id, { phone, bank: 'tbank' });

    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([expect.objectContaining({ path: 'phone', code: 'sbpPhone' })]);
  });

  it("refuses a bank the direction does not pay to, and one not on the product's list", async () => {
    const { client, application } = await toCardRub();

    const notOffered = await payTo(client, application.id, { phone: '+79991234567', bank: 'vtb' });
    const unknown = await payTo(client, application.id, { phone: '+79991234567', bank: 'monobank' });

    expect(notOffered.status).toBe(400);
    expect(notOffered.body.errors).toEqual([
      expect.objectContaining({ path: 'bank', code: 'sbpBankNotOffered' }),
    ]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([expect.objectContaining({ path: 'bank', code: 'sbpBank' })]);
    const detail = await clientDetail(client, application.id);
    expect(detail.body.data!.payoutDetails).toBeNull();
  });

  it('offers no SBP on a card payout of a direction without banks, nor on a USDT payout', async () => {
    const client = await newUser();
    const toCardEur = await createApplication(
      client,
      standardBody({ assetFrom: 'usdt-trc20', assetTo: 'card-EUR', amount: 200 }),
    );
    const toUsdt: ApplicationView = await createApplication(client, standardBody({ amount: 200 }));

    const noBanks = await payTo(client, toCardEur.id, { phone: '+79991234567', bank: 'sberbank' });
    const usdt = await payTo(client, toUsdt.id, { phone: '+79991234567', bank: 'sberbank' });

    expect(noBanks.body.errors).toEqual([
      expect.objectContaining({ path: 'bank', code: 'sbpBankNotOffered' }),
    ]);
    expect(usdt.body.errors).toEqual([expect.objectContaining({ path: 'phone', code: 'payoutDetailsKind' })]);
    const detail = await clientDetail(client, toCardEur.id);
    expect(detail.body.data!.sbpBanks).toEqual([]);
  });

  it("refuses a phone on the operator's blacklist with the neutral text", async () => {
    const phone = `+79${String(randomInt(0, 1e9)).padStart(9, '0')}`;
    const listed = await call(adminAddBlacklistEntry, {
      token: admin.token,
      body: { kind: 'phone', value: phone, reason: 'SBP payout test' },
    });
    expect(listed.status).toBe(201);
    const { client, application } = await toCardRub();

    const refused = await payTo(client, application.id, { phone, bank: 'sberbank' });

    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('RequestNotAccepted');
  });
});
