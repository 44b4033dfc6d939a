import type { Actor, ApplicationRecord } from '@functions/data/applications';
import { ALL, type RollupDelta } from '@functions/data/report-rollups';
import { currencyDecimals } from '@shared/assets';
import { businessDayOf } from '@shared/business-time';
import type { CompletionSnapshot } from '@shared/contract/completion';
import { assetAccountId } from '@shared/ledger';
import { isTerminal, type Move, type TerminalStatus } from '@shared/lifecycle';
import { type Decimal, multiply, toUnits } from '@shared/money';
import { bucketOf, durationBucketOf, type Outcome, sourceValue } from '@shared/reports';
import { figure } from './figures';

/*
 * What each counted event of a deal adds to the reports' rollups (docs/architecture.md "Reports"):
 * pure, so the move's transaction carries it (status-change.ts, create.ts) and a test can say what
 * a deal's history implies. The funnel counts on the day the deal was created (its cohort); an
 * ending, its money and a duration count on the day they happen.
 */

/** What the reports need of the deal's owner: whether they completed a deal before, and were referred. */
export interface OwnerFacts {
  completedDeals: number;
  referred: boolean;
}

/** A completion's money: its market snapshot (null: no market then) and RUB per USDT at that moment. */
export interface CompletionMoney {
  snapshot: CompletionSnapshot | null;
  rubPerUsdt: Decimal | null;
}

export interface MoveEvent {
  move: Move;
  /** The application as the move found it. */
  before: ApplicationRecord;
  actor: Actor;
  now: Date;
  owner: OwnerFacts | undefined;
  timeZone: string;
  /** Present when the move settles the deal. */
  completion?: CompletionMoney;
}

type Under = RollupDelta['under'];

/** The breakdown values of a deal: its direction, city, source and the account it paid into. */
function dealValues(application: ApplicationRecord, owner: OwnerFacts | undefined) {
  const { assetFrom, assetTo, instructions } = application;
  return {
    direction: assetFrom && assetTo ? `${assetFrom}>${assetTo}` : 'individual',
    city: application.city ?? 'none',
    source: sourceValue(application.source, owner?.referred ?? false),
    account: instructions?.accountId ?? (instructions && assetFrom ? assetAccountId(assetFrom) : 'none'),
  };
}

/** Where a funnel step counts: the whole business, the deal's direction, city and source. */
function cohortUnder(application: ApplicationRecord, owner: OwnerFacts | undefined): Under {
  const values = dealValues(application, owner);
  return [
    [ALL.breakdown, ALL.value],
    ['direction', values.direction],
    ['city', values.city],
    ['source', values.source],
  ];
}

/** The staff member an ending counts for: who made it, or, when the client or the system did, the deal's assignee. */
function endedBy(application: ApplicationRecord, actor: Actor): string {
  const staff = actor.id !== null && actor.role !== 'USER' && actor.role !== 'SYSTEM';
  return (staff ? actor.id : application.assignedToId) ?? 'none';
}

/** Where an ending counts: as a funnel step, and under the account it paid into and the staff member who ended it. */
function outcomeUnder(application: ApplicationRecord, owner: OwnerFacts | undefined, actor: Actor): Under {
  const values = dealValues(application, owner);
  return [
    ...cohortUnder(application, owner),
    ['account', values.account],
    ['staff', endedBy(application, actor)],
  ];
}

/** A step of the deal's funnel, on the day it was created. */
function funnelStep(
  application: ApplicationRecord,
  owner: OwnerFacts | undefined,
  timeZone: string,
  steps: Parameters<typeof figure.funnel>[0][],
): RollupDelta {
  return {
    day: businessDayOf(application.createdAt, timeZone),
    under: cohortUnder(application, owner),
    figures: Object.fromEntries(steps.map((step) => [figure.funnel(step), 1n])),
  };
}

/** A new application: the first step of its funnel. */
export function createdDeltas(
  application: ApplicationRecord,
  owner: OwnerFacts | undefined,
  timeZone: string,
): RollupDelta[] {
  return [funnelStep(application, owner, timeZone, ['created'])];
}

const seconds = (from: string, to: Date) => Math.max(0, (to.getTime() - Date.parse(from)) / 1000);

/** A duration of the staff member who acted, on today's day, under them and the whole business. */
function duration(event: MoveEvent, name: 'toTake' | 'toPayout', since: string): RollupDelta {
  return {
    day: businessDayOf(event.now, event.timeZone),
    under: [
      [ALL.breakdown, ALL.value],
      ['staff', event.actor.id ?? 'none'],
    ],
    figures: { [figure.durationBucket(name, durationBucketOf(seconds(since, event.now)))]: 1n },
  };
}

const units = (value: number | Decimal, currency: string) =>
  toUnits(value, currencyDecimals(currency), 'half-up');

/** A deal's USDT side (what it gives or pays out in USDT), or null for one without amounts. */
function usdtSideOf(application: ApplicationRecord): number | null {
  const { amountFrom, amountTo, currencyFrom } = application;
  if (amountFrom === null || amountTo === null) return null;
  return currencyFrom === 'USDT' ? amountFrom : amountTo;
}

/** A completed deal's money: its turnover, profit, ticket and client, in each currency and the reporting ones. */
function completionFigures(event: MoveEvent, money: CompletionMoney): Record<string, bigint> {
  const { before: application } = event;
  const figures: Record<string, bigint> = {
    [(event.owner?.completedDeals ?? 0) > 0 ? figure.returningClients : figure.newClients]: 1n,
  };
  const { amountFrom, amountTo, currencyFrom, currencyTo } = application;
  if (amountFrom === null || amountTo === null || !currencyFrom || !currencyTo) return figures;
  const usdtGiven = currencyFrom === 'USDT';
  const usdt = usdtGiven ? amountFrom : amountTo;
  const fiat = usdtGiven ? amountTo : amountFrom;
  const fiatCurrency = usdtGiven ? currencyTo : currencyFrom;
  const usdtUnits = units(usdt, 'USDT');
  Object.assign(figures, {
    [figure.turnover(currencyFrom)]: units(amountFrom, currencyFrom),
    [figure.turnover(currencyTo)]: units(amountTo, currencyTo),
    [figure.reportingTurnover('USDT')]: usdtUnits,
    [figure.tickets]: 1n,
    [figure.ticketUnits]: usdtUnits,
  });
  const { snapshot, rubPerUsdt } = money;
  const inRub = (value: number) => (rubPerUsdt === null ? null : units(multiply(value, rubPerUsdt), 'RUB'));
  // A RUB deal's turnover in RUB is its own RUB side; another's, its USDT side at the market then.
  const turnoverRub = fiatCurrency === 'RUB' ? units(fiat, 'RUB') : inRub(usdt);
  const profitRub =
    snapshot && (fiatCurrency === 'RUB' ? units(snapshot.profitFiat, 'RUB') : inRub(snapshot.profitUsdt));
  if (turnoverRub === null) figures[figure.reportingMissing('RUB')] = 1n;
  else figures[figure.reportingTurnover('RUB')] = turnoverRub;
  if (!snapshot) {
    figures[figure.profitMissing] = 1n;
    return figures;
  }
  figures[figure.profit(fiatCurrency)] = units(snapshot.profitFiat, fiatCurrency);
  figures[figure.reportingProfit('USDT')] = units(snapshot.profitUsdt, 'USDT');
  if (profitRub !== null && turnoverRub !== null) figures[figure.reportingProfit('RUB')] = profitRub;
  return figures;
}

/** The reports' name of each status a deal ends in. */
const OUTCOME_OF_STATUS: Record<TerminalStatus, Outcome> = {
  COMPLETED: 'completed',
  EXPIRED: 'expired',
  CANCELLED: 'cancelled',
  REJECTED: 'rejected',
};

/** What a move adds to the reports: none for most, a funnel step, an ending, a duration. */
export function moveDeltas(event: MoveEvent): RollupDelta[] {
  const { move, before, owner, timeZone, now } = event;
  const deltas: RollupDelta[] = [];
  // The funnel's steps and the duration the move's entry in the lifecycle names.
  if (move.funnel) deltas.push(funnelStep(before, owner, timeZone, [...move.funnel]));
  if (move.measures === 'toTake') deltas.push(duration(event, 'toTake', before.createdAt));
  // The first payout after the payment stood (a reversed one is paid again): how long the client waited.
  if (move.measures === 'toPayout' && !before.payoutReversal)
    deltas.push(duration(event, 'toPayout', before.statusChangedAt));
  // Money for a deal that had ended (expired) opens it: it did not end so after all, on the day it was counted.
  if (isTerminal(before.status) && !isTerminal(move.to)) {
    deltas.push({
      day: businessDayOf(before.statusChangedAt, timeZone),
      // The system's expiry counted under the deal's assignee then, as now.
      under: outcomeUnder(before, owner, { id: null, role: 'SYSTEM' }),
      figures: { [figure.outcome(OUTCOME_OF_STATUS[before.status])]: -1n },
    });
  }
  if (isTerminal(move.to) && before.status !== move.to) {
    const outcome = OUTCOME_OF_STATUS[move.to];
    deltas.push({
      day: businessDayOf(now, timeZone),
      under: outcomeUnder(before, owner, event.actor),
      figures: {
        [figure.outcome(outcome)]: 1n,
        ...(move.settles
          ? completionFigures(event, event.completion ?? { snapshot: null, rubPerUsdt: null })
          : {}),
      },
    });
    // The ticket's median is the whole business's: its histogram is kept there alone.
    const usdt = move.settles ? usdtSideOf(before) : null;
    if (usdt !== null) {
      deltas.push({
        day: businessDayOf(now, timeZone),
        under: [[ALL.breakdown, ALL.value]],
        figures: { [figure.ticketBucket(bucketOf(usdt))]: 1n },
      });
    }
  }
  return deltas;
}
