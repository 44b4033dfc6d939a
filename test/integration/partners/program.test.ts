import type { UserRecord } from '@functions/data/users';
import type { RecordedActor } from '@functions/domain/accounts/principal';
import { postToTronStandIn } from '@infra/local/tron-stand-in';
import { USDT_DECIMALS } from '@shared/assets';
import { businessDayOf } from '@shared/business-time';
import { unbalancedCurrencies } from '@shared/ledger';
import { add, compare, movePoint, multiply, rounded, toUnits, unitsText } from '@shared/money';
import { beforeAll, describe, expect, it } from 'vitest';
import { putUser } from '../applications/isolated-table';
import {
  type ChainModules,
  newTronAddress,
  sendUsdt,
  setUpChainTable,
  usdtWallet,
} from '../chain/chain-table';
import { completedCashDeal } from './deals';

/**
 * The partner program (issue 41 item 3, docs/product.md "Partners") on a table and a TronGrid
 * stand-in of this file's own, through the domain functions the routes call: which terms a deal
 * earns (the partner's own for its direction, their own for all, the default for the direction,
 * the settings'), a monitor's deal credited to the partner who is that monitor, the partner's
 * balance and days, payout requests held to the balance, a payout recorded only once the chain
 * shows that transfer from an office wallet (and the books moved), the partner API's key, and the
 * reports' profit after shares. Each share is recomputed here from the deal's completion snapshot.
 */
const chain = setUpChainTable('partners');
let m: ChainModules;
let manager: UserRecord;
let admin: UserRecord;
let settings: typeof import('@functions/domain/settings/settings');
let partnersData: typeof import('@functions/data/partners');
let snapshots: typeof import('@functions/data/completion-snapshots');
let admins: typeof import('@functions/domain/partners/admin');
let program: typeof import('@functions/domain/partners/program');
let payouts: typeof import('@functions/domain/partners/payouts');
let api: typeof import('@functions/domain/partners/api');
let visits: typeof import('@functions/domain/reports/visits');
let reports: typeof import('@functions/domain/reports/report');
let errors: typeof import('@functions/domain/partners/errors');
let dealErrors: typeof import('@functions/domain/applications/errors');
let timeZone: string;

const EUR_DIRECTION = 'cash-EUR→usdt-trc20';

beforeAll(async () => {
  ({ m, manager, admin } = chain);
  settings = await import('@functions/domain/settings/settings');
  partnersData = await import('@functions/data/partners');
  snapshots = await import('@functions/data/completion-snapshots');
  admins = await import('@functions/domain/partners/admin');
  program = await import('@functions/domain/partners/program');
  payouts = await import('@functions/domain/partners/payouts');
  api = await import('@functions/domain/partners/api');
  visits = await import('@functions/domain/reports/visits');
  reports = await import('@functions/domain/reports/report');
  errors = await import('@functions/domain/partners/errors');
  dealErrors = await import('@functions/domain/applications/errors');
  timeZone = await (await import('@functions/domain/settings/business-time')).businessTimeZone();
  await setShares(30, 0.5);
});

const asAdmin = (): RecordedActor => ({ id: admin.id, role: 'ADMIN' });
const asManager = (): RecordedActor => ({ id: manager.id, role: 'MANAGER' });

async function setShares(ofProfit: number, ofVolume: number) {
  await settings.putSetting('partnerShareOfProfitPercent', { value: ofProfit }, asAdmin());
  await settings.putSetting('partnerShareOfVolumePercent', { value: ofVolume }, asAdmin());
}

/** Cash EUR → USDT completed at the office by the manager, from `client`, with the visit's `source`. */
const completedDeal = (client: UserRecord, source: Record<string, string>) =>
  completedCashDeal(m, asManager(), client, source);

/** What `terms` earn of the deal, as its completion snapshot states it (cut down to the micro-USDT). */
async function expectedShare(applicationId: string, terms: { profit: number; volume: number }) {
  const snapshot = (await snapshots.findCompletionSnapshot(applicationId))!;
  expect(compare(snapshot.profitUsdt, 0)).toBe(1);
  const share = rounded(
    add(
      multiply(snapshot.profitUsdt, movePoint(terms.profit, -2)),
      multiply(snapshot.amountTo, movePoint(terms.volume, -2)),
    ),
    USDT_DECIMALS,
    'down',
  );
  return toUnits(share, USDT_DECIMALS);
}

async function shareEntry(applicationId: string) {
  const entries = await m.ledger.readApplicationEntries(applicationId);
  return entries.filter((entry) => entry.kind === 'partnerShare');
}

const today = () => businessDayOf(new Date().toISOString(), timeZone);

describe('the terms a deal earns its partner', () => {
  it("takes the partner's own for the direction, else their own for all, else the direction's default, else the settings'", async () => {
    const [ownDirection, ownAll, byDefault, bySettings, client] = await Promise.all([
      putUser(),
      putUser(),
      putUser(),
      putUser(),
      putUser(),
    ]);
    await admins.setPartnerTerms(
      ownDirection.id,
      {
        terms: { profitPercent: 20, volumePercent: 0 },
        directionTerms: [{ direction: EUR_DIRECTION, profitPercent: 50, volumePercent: 0 }],
        monitorHosts: [],
      },
      asAdmin(),
    );
    await admins.setPartnerTerms(
      ownAll.id,
      { terms: { profitPercent: 40, volumePercent: 0.1 }, directionTerms: [], monitorHosts: [] },
      asAdmin(),
    );
    await admins.setDefaultPartnerTerms(
      [{ direction: EUR_DIRECTION, profitPercent: 10, volumePercent: 0 }],
      asAdmin(),
    );
    try {
      const cases = [
        [ownDirection, { profit: 50, volume: 0 }],
        [ownAll, { profit: 40, volume: 0.1 }],
        [byDefault, { profit: 10, volume: 0 }],
      ] as const;
      for (const [partner, terms] of cases) {
        const id = await completedDeal(client, { partner: partner.referralCode! });
        const units = await expectedShare(id, terms);
        const [entry] = await shareEntry(id);
        expect(entry?.reference).toBe(partner.id);
        expect(entry?.lines).toEqual([
          { accountId: 'exchange-USDT', currency: 'USDT', units },
          { accountId: 'partners-USDT', currency: 'USDT', units: -units },
        ]);
      }
    } finally {
      await admins.setDefaultPartnerTerms([], asAdmin());
    }
    // With no default for the direction any more, the settings' terms hold.
    const id = await completedDeal(client, { partner: bySettings.referralCode! });
    const [entry] = await shareEntry(id);
    expect(entry?.lines[0]?.units).toBe(await expectedShare(id, { profit: 30, volume: 0.5 }));
  });
});

describe('a monitor that is a partner', () => {
  it('credits the partner who is the monitor the referrer names, on their balance, their day and in the books', async () => {
    const [monitor, client] = await Promise.all([putUser(), putUser()]);
    const host = `bestchange-${monitor.id.slice(0, 8)}.ru`;
    await admins.setPartnerTerms(
      monitor.id,
      { terms: { profitPercent: 30, volumePercent: 0 }, directionTerms: [], monitorHosts: [host] },
      asAdmin(),
    );
    const source = { monitorFrom: 'CASHEUR', monitorTo: 'USDTTRC20', referrer: `www.${host}` };
    expect(await visits.recordVisit(source)).toBe(true);
    const id = await completedDeal(client, source);
    const units = await expectedShare(id, { profit: 30, volume: 0 });
    const [entry] = await shareEntry(id);
    expect(entry?.reference).toBe(monitor.id);
    expect(unbalancedCurrencies(entry!.lines)).toEqual([]);

    const overview = await program.partnerOverview(monitor);
    expect(overview.balance).toEqual({
      available: unitsText(units, 6),
      pending: '0.000000',
      paid: '0.000000',
      earned: unitsText(units, 6),
    });
    expect(overview.monitorHosts).toEqual([host]);
    expect(overview.days).toHaveLength(30);
    expect(overview.days.at(-1)).toEqual({
      day: today(),
      clicks: 1,
      registrations: 0,
      deals: 1,
      earned: unitsText(units, 6),
    });
    // A monitor's deal without the referrer (or another monitor's) credits nobody.
    const unnamed = await completedDeal(client, { monitorFrom: 'CASHEUR', monitorTo: 'USDTTRC20' });
    expect(await shareEntry(unnamed)).toEqual([]);
  });

  it('is one partner: another may not claim the same site', async () => {
    const [first, second] = await Promise.all([putUser(), putUser()]);
    const host = `monitor-${first.id.slice(0, 8)}.com`;
    const body = { terms: null, directionTerms: [], monitorHosts: [host] };
    await admins.setPartnerTerms(first.id, body, asAdmin());
    await expect(admins.setPartnerTerms(second.id, body, asAdmin())).rejects.toBeInstanceOf(
      errors.MonitorHostTaken,
    );
    // Given up, it is free for the other.
    await admins.setPartnerTerms(first.id, { ...body, monitorHosts: [] }, asAdmin());
    await admins.setPartnerTerms(second.id, body, asAdmin());
    expect(await partnersData.partnerOfMonitorHost(host)).toBe(second.id);
  });

  it('refuses terms written over a change made meanwhile', async () => {
    const partner = await putUser();
    const body = { terms: { profitPercent: 5, volumePercent: 0 }, directionTerms: [], monitorHosts: [] };
    await admins.setPartnerTerms(partner.id, body, asAdmin());
    const read = await partnersData.findPartner(partner.id);
    await admins.setPartnerTerms(
      partner.id,
      { ...body, terms: { profitPercent: 6, volumePercent: 0 } },
      asAdmin(),
    );
    const { partnerTermsItems } = partnersData;
    const { Transaction, TransactionCancelledError } = await import('@functions/data/transactions');
    const stale = new Transaction().addParts(
      partnerTermsItems(read, { userId: partner.id, ...body }, new Date().toISOString()),
    );
    await expect(stale.run()).rejects.toBeInstanceOf(TransactionCancelledError);
  });
});

/** A partner who earned from one deal through their link, and what they earned (micro-USDT). */
async function partnerWithEarnings(): Promise<{ partner: UserRecord; units: bigint }> {
  const [partner, client] = await Promise.all([putUser(), putUser()]);
  const id = await completedDeal(client, { partner: partner.referralCode! });
  return { partner, units: await expectedShare(id, { profit: 30, volume: 0.5 }) };
}

describe("a partner's sub-ids", () => {
  it("count the clicks, deals and earnings through links with each, beside the day's totals; a monitor's deal has none", async () => {
    const [partner, client] = await Promise.all([putUser(), putUser()]);
    const code = partner.referralCode!;
    for (const partnerSub of ['telegram', 'telegram', 'blog', undefined]) {
      expect(await visits.recordVisit({ partner: code, ...(partnerSub ? { partnerSub } : {}) })).toBe(true);
    }
    const id = await completedDeal(client, { partner: code, partnerSub: 'telegram' });
    const units = await expectedShare(id, { profit: 30, volume: 0.5 });

    const overview = await program.partnerOverview(partner);
    expect(overview.subIds).toEqual([
      { subId: 'telegram', clicks: 2, deals: 1, earned: unitsText(units, 6) },
      { subId: 'blog', clicks: 1, deals: 0, earned: '0.000000' },
    ]);
    expect(overview.days.at(-1)).toMatchObject({ clicks: 4, deals: 1, earned: unitsText(units, 6) });

    // The partner who is a monitor: a sub-id in a link that is not theirs counts under no sub-id.
    const monitor = await putUser();
    const host = `monitor-${monitor.id.slice(0, 8)}.ru`;
    await admins.setPartnerTerms(
      monitor.id,
      { terms: { profitPercent: 30, volumePercent: 0 }, directionTerms: [], monitorHosts: [host] },
      asAdmin(),
    );
    await completedDeal(client, {
      monitorFrom: 'CASHEUR',
      monitorTo: 'USDTTRC20',
      referrer: host,
      partnerSub: 'x',
    });
    const monitorView = await program.partnerOverview(monitor);
    expect([monitorView.days.at(-1)?.deals, monitorView.subIds]).toEqual([1, []]);
  });
});

describe("a partner's payout", () => {
  it('is asked for within what is available and above the minimum, and two requests cannot take the same money', async () => {
    const { partner, units } = await partnerWithEarnings();
    const address = newTronAddress();
    await settings.putSetting('partnerPayoutMinimumUSDT', { value: 1 }, asAdmin());
    await expect(program.requestPartnerPayout(partner, { amount: '0.5', address })).rejects.toBeInstanceOf(
      errors.PartnerPayoutBelowMinimum,
    );
    const over = unitsText(units + 1n, 6);
    await expect(program.requestPartnerPayout(partner, { amount: over, address })).rejects.toBeInstanceOf(
      errors.PartnerPayoutOverBalance,
    );
    const all = unitsText(units, 6);
    const outcomes = await Promise.allSettled([
      program.requestPartnerPayout(partner, { amount: all, address }),
      program.requestPartnerPayout(partner, { amount: all, address }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(errors.PartnerPayoutOverBalance);
    const after = await partnersData.findPartner(partner.id);
    expect([after?.availableUnits, after?.pendingUnits]).toEqual([0n, units]);
  });

  it('is recorded paid only for the transfer the chain shows, from an office wallet, and moves the books', async () => {
    const { partner, units } = await partnerWithEarnings();
    const wallet = await usdtWallet(chain);
    const account = await m.ledgerAccounts.createAccount(
      {
        name: 'Hot wallet',
        kind: 'wallet',
        currency: 'USDT',
        assets: ['usdt-trc20'],
        address: wallet.address,
      },
      asAdmin(),
    );
    await m.ledgerAccounts.adjustAccount(
      account.id,
      { amount: '1000', opening: true, reason: 'Opening' },
      asAdmin(),
    );
    const address = newTronAddress();
    const amount = unitsText(units, 6);
    const payout = await program.requestPartnerPayout(partner, { amount, address });

    // Sent by someone else, or another amount, or not final yet: nothing is recorded.
    const stranger = await sendUsdt(chain.standIn, address, amount, { final: true });
    await expect(payouts.payPartnerPayout(payout.id, stranger, asAdmin())).rejects.toMatchObject({
      code: 'PartnerPayoutNotOnChain',
      params: { reason: 'notOfficeWallet' },
    });
    const short = await sendUsdt(chain.standIn, address, '0.000001', { from: wallet.address, final: true });
    await expect(payouts.payPartnerPayout(payout.id, short, asAdmin())).rejects.toMatchObject({
      params: { reason: 'wrongAmount', sent: '0.000001', due: amount },
    });
    const pending = await sendUsdt(chain.standIn, address, amount, { from: wallet.address });
    await expect(payouts.payPartnerPayout(payout.id, pending, asAdmin())).rejects.toBeInstanceOf(
      errors.PartnerPayoutNotVerified,
    );
    expect((await partnersData.findPartnerPayout(payout.id))?.status).toBe('requested');

    // The right one, once final.
    const sent = await sendUsdt(chain.standIn, address, amount, { from: wallet.address, final: true });
    const paid = await payouts.payPartnerPayout(payout.id, sent, asAdmin());
    expect(paid).toMatchObject({ status: 'paid', txHash: sent.toLowerCase(), amount });
    const after = await partnersData.findPartner(partner.id);
    expect([after?.availableUnits, after?.pendingUnits, after?.paidUnits]).toEqual([0n, 0n, units]);
    expect(await m.uses.findChainUse(sent)).toMatchObject({
      purpose: 'partnerPayout',
      applicationId: payout.id,
    });
    const [entry] = (await m.ledger.readAccountPostings(account.id)).filter(
      (posting) => posting.kind === 'partnerPayout',
    );
    expect(entry?.units).toBe(-units);
    expect((await m.ledger.findLedgerAccount(account.id))?.balanceUnits).toBe(1_000_000_000n - units);
    // The open queue no longer has it; paying it again is refused, as is its hash for another payout.
    expect((await partnersData.openPartnerPayouts()).some((open) => open.id === payout.id)).toBe(false);
    await expect(payouts.payPartnerPayout(payout.id, sent, asAdmin())).rejects.toBeInstanceOf(
      errors.PartnerPayoutDecided,
    );
    const other = await partnerWithEarnings();
    const second = await program.requestPartnerPayout(other.partner, {
      amount: unitsText(other.units, 6),
      address,
    });
    await expect(payouts.payPartnerPayout(second.id, sent, asAdmin())).rejects.toBeInstanceOf(
      dealErrors.ChainTransactionUsed,
    );
  });

  it("is refused with the neutral text to an address on the operator's blacklist, writing nothing", async () => {
    const { partner, units } = await partnerWithEarnings();
    const address = newTronAddress();
    const { addBlacklistEntry } = await import('@functions/domain/blacklist/entries');
    await addBlacklistEntry({ kind: 'tronAddress', value: address, reason: 'Stolen funds' }, asAdmin());
    await expect(
      program.requestPartnerPayout(partner, { amount: unitsText(units, 6), address }),
    ).rejects.toMatchObject({ code: 'RequestNotAccepted' });
    const after = await partnersData.findPartner(partner.id);
    expect([after?.availableUnits, after?.pendingUnits]).toEqual([units, 0n]);
    expect(await partnersData.partnerPayoutsOf(partner.id, 10)).toEqual([]);
  });

  it("is refused to an address on the USDT contract's blacklist, and kept marked not screened when the TRON provider cannot say", async () => {
    const { partner, units } = await partnerWithEarnings();
    await settings.putSetting('partnerPayoutMinimumUSDT', { value: 0 }, asAdmin());
    const listed = newTronAddress();
    await postToTronStandIn(chain.standIn.url, '/_local/blacklist', { address: listed });
    await expect(
      program.requestPartnerPayout(partner, { amount: unitsText(units, 6), address: listed }),
    ).rejects.toBeInstanceOf(dealErrors.PayoutAddressBlacklisted);
    expect((await partnersData.findPartner(partner.id))?.availableUnits).toBe(units);

    const half = units / 2n;
    const clean = await program.requestPartnerPayout(partner, {
      amount: unitsText(half, 6),
      address: newTronAddress(),
    });
    // Listed too, but the provider fails the call that names it: the request is kept, for staff to check.
    const unchecked = newTronAddress();
    await postToTronStandIn(chain.standIn.url, '/_local/blacklist', { address: unchecked });
    await postToTronStandIn(chain.standIn.url, '/_local/fail', { status: 500, times: 1, match: unchecked });
    const kept = await program.requestPartnerPayout(partner, {
      amount: unitsText(units - half, 6),
      address: unchecked,
    });
    const open = (await admins.partnersForStaff()).openPayouts;
    expect([clean.id, kept.id].map((id) => open.find((payout) => payout.id === id)?.screened)).toEqual([
      true,
      false,
    ]);
    // What the partner and their API see does not change.
    expect(kept).not.toHaveProperty('screened');
  });

  it('refused, gives the amount back to what is available', async () => {
    const { partner, units } = await partnerWithEarnings();
    const payout = await program.requestPartnerPayout(partner, {
      amount: unitsText(units, 6),
      address: newTronAddress(),
    });
    const refused = await payouts.rejectPartnerPayout(payout.id, 'Address belongs to an exchange', asAdmin());
    expect(refused).toMatchObject({ status: 'rejected', reason: 'Address belongs to an exchange' });
    const after = await partnersData.findPartner(partner.id);
    expect([after?.availableUnits, after?.pendingUnits]).toEqual([units, 0n]);
    const listed = await program.partnerOverview(partner);
    expect(listed.payouts.map((one) => [one.id, one.status])).toEqual([[payout.id, 'rejected']]);
  });
});

describe('the partner API', () => {
  it('answers the statistics and payouts of the key it is given, and stops taking a replaced key', async () => {
    const { partner, units } = await partnerWithEarnings();
    const first = await program.issuePartnerApiKey(partner);
    const statistics = await api.partnerStatistics(first.key, {});
    expect(statistics.totals).toEqual({ clicks: 0, registrations: 0, deals: 1, earned: unitsText(units, 6) });
    expect(statistics.days).toHaveLength(30);
    expect(statistics.balance.available).toBe(unitsText(units, 6));
    expect(await api.partnerApiPayouts(first.key)).toEqual({ payouts: [] });
    await expect(
      api.partnerStatistics(first.key, { from: '2026-01-01', to: '2026-12-31' }),
    ).rejects.toBeInstanceOf(errors.PartnerStatisticsPeriod);

    const second = await program.issuePartnerApiKey(partner);
    expect(second.key).not.toBe(first.key);
    await expect(api.partnerApiPayouts(first.key)).rejects.toBeInstanceOf(errors.PartnerKeyInvalid);
    expect((await api.partnerStatistics(second.key, {})).totals.deals).toBe(1);
    expect((await program.partnerOverview(partner)).apiKey?.hint).toBe(second.key.slice(-6));
  });
});

describe('the reports', () => {
  it("show the day's profit before and after partners' shares", async () => {
    await settings.putSetting('reportingCurrency', { value: 'USDT' }, asAdmin());
    const day = today();
    const before = (await reports.buildReport({ from: day, to: day })).figures.reporting;
    const { units } = await partnerWithEarnings();
    const after = (await reports.buildReport({ from: day, to: day })).figures.reporting;
    expect(after.currency).toBe('USDT');
    const minor = (text: string) => toUnits(text, 6);
    expect(minor(after.partnerShares) - minor(before.partnerShares)).toBe(units);
    expect(minor(after.profitAfterShares)).toBe(minor(after.profit) - minor(after.partnerShares));
  });
});
