import { randomBytes } from 'node:crypto';
import { listAuditFor } from '@functions/data/audit';
import {
  adminListPartners,
  adminPayPartnerPayout,
  adminRejectPartnerPayout,
  adminSetDefaultPartnerTerms,
  adminSetPartnerTerms,
  issuePartnerApiKey,
  myPartnerOverview,
  partnerApiPayouts,
  partnerApiStatistics,
  requestPartnerPayout,
  setPartnerCode,
} from '@shared/routes/partners';
import { recordVisit } from '@shared/routes/reports';
import { beforeAll, describe, expect, it } from 'vitest';
import { asNewVisitor, call } from '../../support/api';
import type { TestUser } from '../../support/users';
import { newUser } from '../applications/fixtures';
import { mailedToken, registerThroughApi, verifyThroughApi } from '../auth/flows';

/**
 * The partner program's routes over HTTP on the local stack (docs/product.md "Partners"): who may
 * call what (the server decides: a client has a partner page, only an ADMIN runs partners and pays
 * them, the partner API takes its key and nothing else), bad input answered in the envelope with
 * the field's path, and nothing written by a refused request. The money paths themselves (shares,
 * payouts checked on chain) are test/integration/partners/program.test.ts's.
 */
let client: TestUser;
let manager: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [client, manager, admin] = await Promise.all([
    newUser(),
    newUser({ role: 'MANAGER' }),
    newUser({ role: 'ADMIN' }),
  ]);
});

const paths = (answer: { body: { errors?: Array<{ path: string }> } }) =>
  (answer.body.errors ?? []).map((error) => error.path);

describe("a client's partner page", () => {
  it('shows their link, the terms and 30 empty days to a new client', async () => {
    const answer = await call(myPartnerOverview, { token: client.token });
    expect(answer.status).toBe(200);
    const overview = answer.body.data!;
    expect(overview.code).toBe(client.referralCode);
    expect(overview.balance).toEqual({
      available: '0.000000',
      pending: '0.000000',
      paid: '0.000000',
      earned: '0.000000',
    });
    expect(overview.days).toHaveLength(30);
    expect(overview.payouts).toEqual([]);
    expect((await call(myPartnerOverview, {})).status).toBe(401);
  });

  it('refuses a payout request with bad fields, or more than is available, writing nothing', async () => {
    const bad = await call(requestPartnerPayout, {
      token: client.token,
      body: { amount: '1,5', address: 'T-not-an-address' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    expect(paths(bad).sort()).toEqual(['address', 'amount']);
    const over = await call(requestPartnerPayout, {
      token: client.token,
      body: { amount: '50', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
    });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('PartnerPayoutOverBalance');
    expect((await call(myPartnerOverview, { token: client.token })).body.data!.payouts).toEqual([]);
  });
});

describe("a partner's day", () => {
  it('counts a click through their link and a registration once its address is verified', async () => {
    const partner = await newUser();
    const clicked = await call(recordVisit, {
      headers: asNewVisitor(),
      body: { source: { partner: partner.referralCode } },
    });
    expect(clicked.body.data).toEqual({ counted: true });
    const invited = await registerThroughApi({ invitationCode: partner.referralCode });
    const today = async () =>
      (await call(myPartnerOverview, { token: partner.token })).body.data!.days.at(-1)!;
    expect(await today()).toMatchObject({ clicks: 1, registrations: 0 });
    await verifyThroughApi(await mailedToken(invited.email, 'verify-email'));
    expect(await today()).toMatchObject({ clicks: 1, registrations: 1, deals: 0 });
  });
});

describe("a partner's sub-ids", () => {
  it('are taken from the visit (`&sub=`), refused when they break the rule, and shown on the page and in the API', async () => {
    const partner = await newUser();
    const visit = (partnerSub: string) =>
      call(recordVisit, {
        headers: asNewVisitor(),
        body: { source: { partner: partner.referralCode, partnerSub } },
      });
    const bad = await visit('tele gram');
    expect([bad.status, paths(bad)]).toEqual([400, ['source.partnerSub']]);
    expect((await visit('telegram')).body.data).toEqual({ counted: true });

    const overview = (await call(myPartnerOverview, { token: partner.token })).body.data!;
    expect(overview.subIds).toEqual([{ subId: 'telegram', clicks: 1, deals: 0, earned: '0.000000' }]);
    expect(overview.days.at(-1)?.clicks).toBe(1);
    const key = (await call(issuePartnerApiKey, { token: partner.token })).body.data!.key;
    const statistics = await call(partnerApiStatistics, { headers: { 'x-partner-key': key } });
    expect(statistics.body.data!.subIds).toEqual(overview.subIds);
  });
});

describe("a partner's own code", () => {
  it('is saved upper-cased, is refused when it breaks the rule or another client holds it, and leaves the earlier code crediting the partner', async () => {
    const [partner, other] = await Promise.all([newUser(), newUser()]);
    const earlier = partner.referralCode;
    const chosen = `Z${randomBytes(6).toString('hex').toUpperCase()}`;
    const choose = (user: TestUser, code: string) =>
      call(setPartnerCode, { token: user.token, body: { code } });

    const bad = await choose(partner, 'a-b');
    expect([bad.status, bad.body.success, paths(bad)]).toEqual([400, false, ['code']]);
    const taken = await choose(partner, other.referralCode.toLowerCase());
    expect([taken.status, taken.body.code, paths(taken)]).toEqual([409, 'PartnerCodeTaken', ['code']]);
    expect((await call(myPartnerOverview, { token: partner.token })).body.data!.code).toBe(earlier);

    const saved = await choose(partner, chosen.toLowerCase());
    expect([saved.status, saved.body.data]).toEqual([200, { code: chosen }]);
    expect((await call(myPartnerOverview, { token: partner.token })).body.data!.code).toBe(chosen);
    // A click through the new link and one through a link shared with the earlier code: both theirs.
    for (const code of [chosen, earlier]) {
      const clicked = await call(recordVisit, {
        headers: asNewVisitor(),
        body: { source: { partner: code } },
      });
      expect(clicked.body.data).toEqual({ counted: true });
    }
    const today = (await call(myPartnerOverview, { token: partner.token })).body.data!.days.at(-1)!;
    expect(today.clicks).toBe(2);
    // The earlier code stays the partner's: nobody else takes it, and the partner may take it back.
    expect((await choose(other, earlier)).body.code).toBe('PartnerCodeTaken');
    expect((await choose(partner, earlier)).body.data).toEqual({ code: earlier });
    const trail = await listAuditFor('partner', partner.id);
    expect(trail.map((entry) => [entry.action, entry.before, entry.after]).reverse()).toEqual([
      ['partner.code', { code: earlier }, { code: chosen }],
      ['partner.code', { code: chosen }, { code: earlier }],
    ]);
    expect((await call(setPartnerCode, { body: { code: chosen } })).status).toBe(401);
  });
});

describe('the partner API', () => {
  it('answers with the key the partner issued, and 401 with a wrong one; the key header is required', async () => {
    const partner = await newUser();
    const issued = await call(issuePartnerApiKey, { token: partner.token });
    expect(issued.status).toBe(201);
    const key = issued.body.data!.key;
    const headers = { 'x-partner-key': key };
    const statistics = await call(partnerApiStatistics, {
      headers,
      query: { from: '2026-11-01', to: '2026-11-30' },
    });
    expect(statistics.status).toBe(200);
    expect(statistics.body.data!.days).toHaveLength(30);
    expect(statistics.body.data!.totals).toEqual({
      clicks: 0,
      registrations: 0,
      deals: 0,
      earned: '0.000000',
    });
    expect((await call(partnerApiPayouts, { headers })).body.data).toEqual({ payouts: [] });

    const wrong = await call(partnerApiPayouts, { headers: { 'x-partner-key': `${key}x` } });
    expect([wrong.status, wrong.body.code]).toEqual([401, 'PartnerKeyInvalid']);
    const none = await call(partnerApiPayouts, {});
    expect(none.status).toBe(400);
    expect(paths(none)).toEqual(['headers.x-partner-key']);
    const badDay = await call(partnerApiStatistics, { headers, query: { from: '2026-02-30' } });
    expect([badDay.status, paths(badDay)]).toEqual([400, ['query.from']]);
    const tooLong = await call(partnerApiStatistics, {
      headers,
      query: { from: '2026-01-01', to: '2026-11-30' },
    });
    expect([tooLong.status, paths(tooLong)]).toEqual([400, ['query.from']]);
  });
});

describe('running partners', () => {
  it('is for an ADMIN only', async () => {
    expect((await call(adminListPartners, { token: manager.token })).status).toBe(403);
    expect((await call(adminListPartners, { token: client.token })).status).toBe(403);
    const setByManager = await call(adminSetPartnerTerms, {
      token: manager.token,
      params: { id: client.id },
      body: { terms: null, directionTerms: [], monitorHosts: [] },
    });
    expect(setByManager.status).toBe(403);
    const payByManager = await call(adminPayPartnerPayout, {
      token: manager.token,
      params: { id: 'any' },
      body: { txHash: 'a'.repeat(64) },
    });
    expect(payByManager.status).toBe(403);
  });

  it("sets a client's terms and monitors, audited, and refuses bad terms field by field", async () => {
    const partner = await newUser();
    const bad = await call(adminSetPartnerTerms, {
      token: admin.token,
      params: { id: partner.id },
      body: {
        terms: { profitPercent: 101, volumePercent: 11 },
        directionTerms: [
          { direction: 'cash-RUB→usdt-trc20', profitPercent: 10, volumePercent: 0 },
          { direction: 'cash-RUB→usdt-trc20', profitPercent: 20, volumePercent: 0 },
        ],
        monitorHosts: ['not a host'],
      },
    });
    expect(bad.status).toBe(400);
    expect(paths(bad).sort()).toEqual([
      'directionTerms',
      'monitorHosts.0',
      'terms.profitPercent',
      'terms.volumePercent',
    ]);
    const host = `monitor-${partner.id.slice(0, 8)}.example`;
    const saved = await call(adminSetPartnerTerms, {
      token: admin.token,
      params: { id: partner.id },
      body: {
        terms: { profitPercent: 30, volumePercent: 0 },
        directionTerms: [{ direction: 'card-RUB→usdt-trc20', profitPercent: 35, volumePercent: 0.2 }],
        monitorHosts: [host.toUpperCase()],
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      userId: partner.id,
      code: partner.referralCode,
      terms: { profitPercent: 30, volumePercent: 0 },
      monitorHosts: [host],
    });
    const trail = await listAuditFor('partner', partner.id);
    expect(trail.map((entry) => [entry.action, entry.actorId])).toEqual([['partner.terms', admin.id]]);
    const listed = await call(adminListPartners, { token: admin.token });
    expect(listed.body.data!.partners.find((one) => one.userId === partner.id)?.email).toBe(partner.email);
    // Staff are no partners.
    const staff = await call(adminSetPartnerTerms, {
      token: admin.token,
      params: { id: manager.id },
      body: { terms: null, directionTerms: [], monitorHosts: [] },
    });
    expect([staff.status, staff.body.code]).toEqual([404, 'PartnerNotFound']);
  });

  it('keeps default terms per direction', async () => {
    const unknown = await call(adminSetDefaultPartnerTerms, {
      token: admin.token,
      body: { directionTerms: [{ direction: 'card-RUB', profitPercent: 1, volumePercent: 0 }] },
    });
    expect([unknown.status, paths(unknown)]).toEqual([400, ['directionTerms.0.direction']]);
    const none = await call(adminSetDefaultPartnerTerms, {
      token: admin.token,
      body: { directionTerms: [] },
    });
    expect(none.status).toBe(200);
    expect(none.body.data!.directions).toEqual([]);
  });

  it('answers 404 for a payout that does not exist, and 400 for a malformed hash or a missing reason', async () => {
    const missing = await call(adminPayPartnerPayout, {
      token: admin.token,
      params: { id: 'no-such-payout' },
      body: { txHash: 'b'.repeat(64) },
    });
    expect([missing.status, missing.body.code]).toEqual([404, 'PartnerPayoutNotFound']);
    const badHash = await call(adminPayPartnerPayout, {
      token: admin.token,
      params: { id: 'no-such-payout' },
      body: { txHash: 'xyz' },
    });
    expect([badHash.status, paths(badHash)]).toEqual([400, ['txHash']]);
    const noReason = await call(adminRejectPartnerPayout, {
      token: admin.token,
      params: { id: 'no-such-payout' },
      body: { reason: ' ' },
    });
    expect([noReason.status, paths(noReason)]).toEqual([400, ['reason']]);
  });
});
