import type { UserRecord } from '@functions/data/users';
import type { RecordedActor } from '@functions/domain/accounts/principal';
import { businessDayOf, shiftDay } from '@shared/business-time';
import { toUnits, unitsText } from '@shared/money';
import { beforeAll, describe, expect, it } from 'vitest';
import { standardBody } from '../applications/bodies';
import { putUser } from '../applications/isolated-table';
import {
  type ChainModules,
  newTronAddress,
  setUpChainTable,
  transferForStaff,
  usdtWallet,
} from '../chain/chain-table';
import { usdtToCashBody } from '../chain/fixtures';
import { type DealFacts, endedBy, endingStep, recompute } from './recompute';

/**
 * The reports (docs/product.md "Reports") on a table of this file's own, through the domain
 * functions the routes call, each step at a clock of its own so the durations are known: deals
 * completed by two managers (one short and recalculated, one in USDT, one at the office, one of a
 * returning client), cancelled, rejected, expired unpaid, and expired then paid late. The report
 * read from the rollups equals, figure by figure and to the minor unit, what the deals themselves
 * imply (recompute.ts): for the day, for a period of months (the monthly rollups), broken down by
 * staff and by direction; and the period before is compared.
 */
const chain = setUpChainTable('reports');
let m: ChainModules;
let reports: typeof import('@functions/domain/reports/report');
let settings: typeof import('@functions/domain/settings/settings');
let snapshots: typeof import('@functions/data/completion-snapshots');
let mine: typeof import('@functions/domain/applications/mine');
let first: UserRecord;
let second: UserRecord;
let admin: UserRecord;
const TIME_ZONE = 'Europe/Moscow';

beforeAll(async () => {
  ({ m, manager: first, admin } = chain);
  second = await putUser({ role: 'MANAGER' });
  reports = await import('@functions/domain/reports/report');
  settings = await import('@functions/domain/settings/settings');
  snapshots = await import('@functions/data/completion-snapshots');
  mine = await import('@functions/domain/applications/mine');
  // The report's one currency: USDT, whose figures the deals alone give (RUB needs the market then).
  await settings.putSetting('reportingCurrency', { value: 'USDT' }, { id: admin.id, role: 'ADMIN' });
});

const as = (staff: UserRecord): RecordedActor => ({ id: staff.id, role: 'MANAGER' });

/** A clock that starts 20 minutes ago and is moved on by each step: durations of known seconds. */
function clock() {
  let at = Date.now() - 20 * 60_000;
  return (seconds: number) => {
    at += seconds * 1000;
    return new Date(at);
  };
}

describe('reports', () => {
  const ids: string[] = [];
  let wallet: { address: string; templateId: string };

  /** A deal created at `tick(0)`, taken by `staff` after `toTake` seconds and told how to pay. */
  async function told(owner: UserRecord, body: Record<string, unknown>, staff: UserRecord, toTake: number) {
    const tick = clock();
    const { application } = await m.create.createApplication(owner.id, body as never, undefined, tick(0));
    ids.push(application.id);
    await m.admin.changeApplicationStatus(application.id, { status: 'PROCESSING' }, as(staff), tick(toTake));
    const paysUsdt = body.assetFrom === 'usdt-trc20';
    await m.deal.issueInstructions(
      application.id,
      { text: 'Pay as agreed', ...(paysUsdt ? { templateId: wallet.templateId } : {}) },
      as(staff),
      tick(20),
    );
    if (body.assetTo === 'usdt-trc20')
      await m.deal.setPayoutDetails(owner.id, application.id, { address: newTronAddress() });
    return { id: application.id, tick };
  }

  /** Paid out `toPayout` seconds after the payment stood, then completed. */
  async function paidOut(id: string, staff: UserRecord, tick: (seconds: number) => Date, toPayout: number) {
    await m.deal.recordPayout(id, { note: 'Handed over' }, as(staff), tick(toPayout));
    await m.admin.changeApplicationStatus(id, { status: 'COMPLETED' }, as(staff), tick(5));
  }

  async function dealFacts(): Promise<DealFacts[]> {
    return Promise.all(
      ids.map(async (id) => {
        const { application, history } = (await m.applications.findApplicationWithHistory(id))!;
        return { application, history, snapshot: await snapshots.findCompletionSnapshot(id) };
      }),
    );
  }

  it('counts every deal, its money and its times as the deals themselves say, to the minor unit', async () => {
    wallet = await usdtWallet(chain);
    const [monitorClient, referrer] = await Promise.all([putUser(), putUser()]);
    const [referred, direct] = await Promise.all([putUser({ invitedBy: referrer.id }), putUser()]);

    // Card EUR → USDT from a monitor's link, paid in full, by the first manager.
    const fromMonitor = { monitorFrom: 'SEPAEUR', monitorTo: 'USDTTRC20', referrer: 'www.bestchange.ru' };
    const full = await told(monitorClient, standardBody({ amount: 500, source: fromMonitor }), first, 37);
    await m.deal.confirmPayment(full.id, {}, as(first), full.tick(90));
    await paidOut(full.id, first, full.tick, 240);

    // The same client again (returning): 300 EUR asked, 250 arrived and recalculated, by the second.
    const short = await told(monitorClient, standardBody({ amount: 300, source: fromMonitor }), second, 5);
    await m.deal.confirmPayment(short.id, { amount: '250' }, as(second), short.tick(30));
    await m.resolution.resolvePayment(short.id, { choice: 'recalculate' }, as(second), short.tick(10));
    await paidOut(short.id, second, short.tick, 1234);

    // USDT → cash, the transfer attached from the review list, by the first manager.
    const usdt = await told(referred, usdtToCashBody(1000), first, 180);
    const txId = await transferForStaff(chain, wallet.address, '1000');
    await m.actions.attachChainTransfer(txId, { applicationId: usdt.id }, as(first), usdt.tick(60));
    await paidOut(usdt.id, first, usdt.tick, 75);

    // Cash EUR → USDT completed at the office straight from PROCESSING.
    {
      const tick = clock();
      const body = standardBody({ assetFrom: 'cash-EUR', amount: 700 });
      const { application } = await m.create.createApplication(direct.id, body as never, undefined, tick(0));
      ids.push(application.id);
      await m.admin.changeApplicationStatus(application.id, { status: 'PROCESSING' }, as(second), tick(64));
      await m.admin.changeApplicationStatus(application.id, { status: 'COMPLETED' }, as(second), tick(30));
    }

    // Corrected deals: a payout that came back and went out again (its time to pay out is the
    // first payout's), and one paid out a unit short and closed by an ADMIN with the difference.
    const asAdmin: RecordedActor = { id: admin.id, role: 'ADMIN' };
    const reversed = await told(direct, standardBody({ amount: 600 }), first, 8);
    await m.deal.confirmPayment(reversed.id, {}, as(first), reversed.tick(40));
    await m.deal.recordPayout(reversed.id, { note: 'To a wrong card' }, as(first), reversed.tick(100));
    await m.deal.reversePayout(
      reversed.id,
      { reference: 'Bank return 77', reason: 'The card was not the client’s' },
      asAdmin,
      reversed.tick(300),
    );
    await paidOut(reversed.id, first, reversed.tick, 50);
    const closed = await told(direct, standardBody({ amount: 450 }), second, 9);
    const confirmed = await m.deal.confirmPayment(closed.id, {}, as(second), closed.tick(20));
    const unitShort = unitsText(toUnits(confirmed.money.owed!, 6) - 1_000_000n, 6);
    await m.deal.recordPayout(
      closed.id,
      { note: 'A unit short', amount: unitShort },
      as(second),
      closed.tick(70),
    );
    await m.resolution.closeWithDifference(
      closed.id,
      { reason: 'The client took a unit less' },
      asAdmin,
      closed.tick(10),
    );

    // Cancelled by the client while pending; rejected by staff once taken.
    {
      const { application } = await m.create.createApplication(direct.id, standardBody() as never, undefined);
      ids.push(application.id);
      await mine.cancelMyApplication(direct.id, application.id);
      const rejected = await m.create.createApplication(referred.id, standardBody() as never, undefined);
      ids.push(rejected.application.id);
      await m.admin.changeApplicationStatus(rejected.application.id, { status: 'PROCESSING' }, as(first));
      await m.admin.changeApplicationStatus(
        rejected.application.id,
        { status: 'REJECTED', rejectionReason: 'Documents do not match' },
        as(first),
      );
    }

    // Expired unpaid; and expired, then paid late (no longer "expired unpaid"), then rejected.
    for (const late of [false, true]) {
      const { id } = await told(direct, standardBody({ amount: 400 }), second, 12);
      const record = (await m.applications.findApplication(id))!;
      const expiredAt = new Date(Date.parse(record.paymentDeadline!) + 1000);
      await m.perform.perform(
        { move: 'expirePayment', application: record, actor: m.perform.SYSTEM_ACTOR, write: {} },
        expiredAt,
      );
      if (!late) continue;
      await m.deal.confirmPayment(id, {}, as(second), new Date(expiredAt.getTime() + 60_000));
      await m.admin.changeApplicationStatus(
        id,
        { status: 'REJECTED', rejectionReason: 'Paid after the window; refunded' },
        as(second),
        new Date(expiredAt.getTime() + 120_000),
      );
    }

    const deals = await dealFacts();
    // Yesterday to tomorrow: the steps' clocks (20 minutes back, a payment window on) stay inside it.
    const today = businessDayOf(new Date(), TIME_ZONE);
    const from = shiftDay(today, -1);
    const to = shiftDay(today, 1);
    const options = { from, to, timeZone: TIME_ZONE };
    const report = await reports.buildReport({ from, to });
    expect(report.figures).toEqual(recompute(deals, options));
    // What the scenario is, so a recompute that lost deals cannot agree with a report that lost them.
    expect(report.figures.outcomes).toEqual({ completed: 6, expired: 1, cancelled: 1, rejected: 2 });
    // The late payment was never confirmed (PAID, then rejected): not "paid" in the funnel.
    expect(report.figures.funnel).toEqual({ created: 10, taken: 9, instructed: 8, paid: 6, completed: 6 });
    expect(report.figures.clients).toEqual({ new: 3, returning: 3 });
    expect(report.figures.times.toTake.count).toBe(9);
    // One first payout a deal that was paid out: the reversed deal's second payout is not timed again.
    expect(report.figures.times.toPayout.count).toBe(5);
    expect(report.figures.dealsWithoutProfit).toBe(0);

    // A period of months reads the whole months' rollups and the edge days': the same figures.
    const long = await reports.buildReport({ from: shiftDay(today, -100), to });
    expect(long.figures).toEqual(recompute(deals, { ...options, from: shiftDay(today, -100) }));
    expect(long.series.some((point) => point.period.length === 7)).toBe(true);
    // The period before holds none of these deals.
    expect(report.previous.figures).toEqual(
      recompute(deals, { ...options, from: report.previous.from, to: report.previous.to }),
    );
    expect(report.previous.figures.funnel.created).toBe(0);

    // By staff member: each one's completed deals, turnover and times.
    const byStaff = await reports.buildReport({ from, to, breakdown: 'staff' });
    for (const staff of [first, second]) {
      const row = byStaff.breakdown!.rows.find((one) => one.value === staff.id);
      const theirs = recompute(deals, {
        ...options,
        dealFilter: (deal) => endedBy(deal) === staff.id,
        actorFilter: (actorId) => actorId === staff.id,
      });
      expect({ staff: staff.username, outcomes: row?.figures.outcomes, times: row?.figures.times }).toEqual({
        staff: staff.username,
        outcomes: theirs.outcomes,
        times: theirs.times,
      });
      expect(row?.figures.turnover).toEqual(theirs.turnover);
      // The first completed the full one, the USDT one and the reversed one; the second the short
      // one and the one at the office (the ADMIN closed the one paid out short).
      expect(row?.figures.outcomes.completed).toBe(staff === first ? 3 : 2);
      expect(row?.label).toEqual({ ru: staff.username, en: staff.username });
    }

    // By direction: each direction's figures are its deals' (no staff times under a direction).
    const byDirection = await reports.buildReport({ from, to, breakdown: 'direction' });
    for (const row of byDirection.breakdown!.rows) {
      const theirs = recompute(deals, {
        ...options,
        dealFilter: (deal) => `${deal.application.assetFrom}>${deal.application.assetTo}` === row.value,
        breakdownRow: true,
        actorFilter: () => false,
      });
      expect({ direction: row.value, figures: row.figures }).toEqual({
        direction: row.value,
        figures: theirs,
      });
    }
    expect(byDirection.breakdown!.rows.map((row) => row.value).sort()).toEqual([
      'card-EUR>usdt-trc20',
      'cash-EUR>usdt-trc20',
      'usdt-trc20>cash-EUR',
    ]);

    // By source: the monitor's two deals, the referred client's, and the rest direct.
    const bySource = await reports.buildReport({ from, to, breakdown: 'source' });
    const created = Object.fromEntries(
      bySource.breakdown!.rows.map((row) => [row.value, row.figures.funnel.created]),
    );
    expect(created).toEqual({ 'monitor:www.bestchange.ru': 2, referral: 2, direct: 6 });
  });

  it("gives the dashboard's today from the same rollups: profit only to an ADMIN, a manager's own figures", async () => {
    const today = (await import('@functions/domain/dashboard/today')).dashboardToday;
    const client = await putUser();
    // One deal waiting for the client's money, one paid and waiting for its payout, 12.345678 USDT on review.
    await told(client, standardBody({ amount: 100 }), first, 3);
    const paid = await told(client, standardBody({ amount: 200 }), first, 3);
    await m.deal.confirmPayment(paid.id, {}, as(first), new Date());
    await transferForStaff(chain, wallet.address, '12.345678');

    const deals = await dealFacts();
    // Read as of the ADMIN's completion in the first test: its steps' clocks run from 20 minutes
    // back, so in the first minutes after the business day's midnight "now" is already the next
    // day while the file's completions are in the one before.
    const completedBy = (staff: { id: string }) =>
      deals.filter((deal) => endedBy(deal) === staff.id && deal.application.status === 'COMPLETED');
    const closedByAdmin = completedBy(admin);
    expect(closedByAdmin).toHaveLength(1);
    const now = new Date(endingStep(closedByAdmin[0]!)!.at);
    const day = businessDayOf(now, TIME_ZONE);
    const ofDay = recompute(deals, { from: day, to: day, timeZone: TIME_ZONE });
    const ofWeek = recompute(deals, { from: shiftDay(day, -6), to: day, timeZone: TIME_ZONE });
    const forAdmin = await today({ id: admin.id, role: 'ADMIN' }, now);
    expect(forAdmin).toMatchObject({
      day,
      reportingCurrency: 'USDT',
      turnover: { reporting: ofDay.reporting.turnover, byCurrency: ofDay.turnover },
      profit: { reporting: ofDay.reporting.profit, byCurrency: ofDay.profit },
      completed: ofDay.outcomes.completed,
      waitingPayment: 1,
      awaitingPayout: 1,
      review: { transfers: 1, amount: '12.345678', more: false },
    });
    // The ADMIN's own: the deal they closed with its difference.
    const ofAdmin = recompute(deals, {
      from: day,
      to: day,
      timeZone: TIME_ZONE,
      dealFilter: (deal) => endedBy(deal) === admin.id,
      actorFilter: (actorId) => actorId === admin.id,
    });
    expect(forAdmin.own).toEqual({ completed: 1, turnover: ofAdmin.reporting.turnover });
    expect(ofAdmin.outcomes.completed).toBe(1);
    expect(forAdmin.week.map((point) => point.day)).toEqual(
      [6, 5, 4, 3, 2, 1, 0].map((back) => shiftDay(day, -back)),
    );
    const weekTotal = forAdmin.week.reduce((sum, point) => sum + toUnits(point.turnover, 6), 0n);
    expect(unitsText(weekTotal, 6)).toBe(ofWeek.reporting.turnover);
    expect(forAdmin.week.at(-1)).toEqual({
      day,
      turnover: ofDay.reporting.turnover,
      profit: ofDay.reporting.profit,
    });

    // The first manager, as of their last completion (the file's steps' clocks differ, so near
    // midnight it can fall on another day than the ADMIN's): the same volumes as an ADMIN reading
    // then, their own completions of that day, no profit anywhere.
    const completedByFirst = completedBy(first);
    expect(completedByFirst).toHaveLength(3);
    const firstDone = completedByFirst
      .map((deal) => endingStep(deal)!.at)
      .sort()
      .at(-1)!;
    const firstDay = businessDayOf(new Date(firstDone), TIME_ZONE);
    const forManager = await today(as(first), new Date(firstDone));
    const theirs = recompute(deals, {
      from: firstDay,
      to: firstDay,
      timeZone: TIME_ZONE,
      dealFilter: (deal) => endedBy(deal) === first.id,
      actorFilter: (actorId) => actorId === first.id,
    });
    expect(forManager.profit).toBeNull();
    expect(forManager.week.every((point) => point.profit === null)).toBe(true);
    expect(forManager.turnover).toEqual(
      (await today({ id: admin.id, role: 'ADMIN' }, new Date(firstDone))).turnover,
    );
    expect(forManager.own).toEqual({
      completed: theirs.outcomes.completed,
      turnover: theirs.reporting.turnover,
    });
    // All three that day, unless its midnight fell among the first test's steps.
    expect(theirs.outcomes.completed).toBeGreaterThan(0);
  });
});
