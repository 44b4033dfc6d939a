import type { ApplicationRecord, StatusHistoryRecord } from '@functions/data/applications';
import { currencyDecimals } from '@shared/assets';
import { businessDayOf } from '@shared/business-time';
import type { CompletionSnapshot } from '@shared/contract/completion';
import type { ReportFigures } from '@shared/contract/reports';
import { divide, ofUnits, sumUnits, toUnits, unitsText } from '@shared/money';
import { bucketOf, durationBucketOf } from '@shared/reports';

/**
 * A period's figures worked out again from the deals themselves (their records, status histories
 * and completion snapshots), independently of the rollups: what test/integration/reports compares
 * the report with, to the minor unit. Reporting currency USDT (its figures come from the deals
 * alone; RUB also needs the market at each completion).
 */
export interface DealFacts {
  application: ApplicationRecord;
  history: StatusHistoryRecord[];
  snapshot: CompletionSnapshot | undefined;
  /** The partner's share booked at its completion, micro-USDT (its `partnerShare` entry); none: no partner. */
  partnerShareUnits?: bigint;
}

/** The move into the status the deal is in now (its ending, for a deal that ended). */
export function endingStep({ application, history }: DealFacts): StatusHistoryRecord | undefined {
  return history.findLast((step) => step.to === application.status && step.from !== step.to);
}

/**
 * Who ended the deal, as the staff breakdown counts its ending: the staff member who made the move
 * into the status it ended in, or, when the client or the system made it, the deal's assignee.
 */
export function endedBy(deal: DealFacts): string | null {
  const ending = endingStep(deal);
  if (!ending) return null;
  const { application } = deal;
  const staff = ending.actorId !== null && ending.actorRole !== 'USER' && ending.actorRole !== 'SYSTEM';
  return staff ? ending.actorId : application.assignedToId;
}

const seconds = (from: string, to: string) => Math.floor((Date.parse(to) - Date.parse(from)) / 1000);

/** The nearest-rank percentile of values cut as the reports keep them (`bucket`). */
function percentile(values: number[], p: number, bucket: (value: number) => number): number | null {
  if (values.length === 0) return null;
  const sorted = values.map(bucket).sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil(p * sorted.length)) - 1]!;
}

const durations = (values: number[]) => ({
  count: values.length,
  median: percentile(values, 0.5, durationBucketOf),
  p90: percentile(values, 0.9, durationBucketOf),
});

function amounts(byCurrency: Map<string, bigint[]>) {
  return [...byCurrency]
    .map(([currency, parts]) => ({ currency, units: sumUnits(parts) }))
    .filter(({ units }) => units !== 0n)
    .map(({ currency, units }) => ({ currency, amount: unitsText(units, currencyDecimals(currency)) }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

const push = (map: Map<string, bigint[]>, key: string, value: bigint) =>
  map.set(key, [...(map.get(key) ?? []), value]);

export interface RecomputeOptions {
  from: string;
  to: string;
  timeZone: string;
  /** Only these deals' funnel, endings and money (a breakdown's value); every deal when absent. */
  dealFilter?: (deal: DealFacts) => boolean;
  /** Only the durations of steps this staff member made; all when absent. */
  actorFilter?: (actorId: string | null) => boolean;
  /** A breakdown's row: its ticket has no median (the whole business's histogram alone is kept). */
  breakdownRow?: true;
  /** The clicks recorded in the period (POST /visits): deals do not imply them; none when absent. */
  clicks?: number;
}

/** The figures of the period, from `deals` (all the table holds: a client's earlier deals make them returning). */
export function recompute(deals: readonly DealFacts[], options: RecomputeOptions): ReportFigures {
  const inPeriod = (at: string) => {
    const day = businessDayOf(at, options.timeZone);
    return day >= options.from && day <= options.to;
  };
  const counted = deals.filter(options.dealFilter ?? (() => true));
  const funnel = { created: 0, taken: 0, instructed: 0, paid: 0, completed: 0 };
  const outcomes = { completed: 0, expired: 0, cancelled: 0, rejected: 0 };
  const turnover = new Map<string, bigint[]>();
  const profit = new Map<string, bigint[]>();
  const usdtSides: bigint[] = [];
  const profitUsdt: bigint[] = [];
  const partnerShares: bigint[] = [];
  let withoutProfit = 0;
  for (const { application, history, snapshot, partnerShareUnits } of counted) {
    const steps = history.slice(1);
    const atOffice = steps.some((step) => step.from === 'PROCESSING' && step.to === 'COMPLETED');
    if (inPeriod(application.createdAt)) {
      funnel.created += 1;
      if (steps.some((step) => step.from === 'PENDING' && step.to === 'PROCESSING')) funnel.taken += 1;
      if (atOffice || steps.some((step) => step.to === 'WAITING_PAYMENT')) funnel.instructed += 1;
      if (
        atOffice ||
        steps.some(
          (step) => step.to === 'CONFIRMED' && (step.from === 'WAITING_PAYMENT' || step.from === 'PAID'),
        )
      )
        funnel.paid += 1;
      if (steps.some((step) => step.to === 'COMPLETED')) funnel.completed += 1;
    }
    for (const step of steps) {
      if (!inPeriod(step.at) || step.from === step.to) continue;
      if (step.to === 'COMPLETED') outcomes.completed += 1;
      if (step.to === 'EXPIRED') outcomes.expired += 1;
      if (step.to === 'CANCELLED') outcomes.cancelled += 1;
      if (step.to === 'REJECTED') outcomes.rejected += 1;
    }
    // An expiry the deal left again (money came late) was not an ending: each way out of EXPIRED
    // undoes the expiry it left, the n-th way out the n-th expiry (a history read by time may list
    // a step whose clock was set ahead after later ones).
    const expiries = steps.filter((step) => step.to === 'EXPIRED' && step.from !== 'EXPIRED');
    const exits = steps.filter((step) => step.from === 'EXPIRED' && step.to !== 'EXPIRED');
    exits.forEach((_, index) => {
      const left = expiries[index];
      if (left && inPeriod(left.at)) outcomes.expired -= 1;
    });
    const completion = steps.find((step) => step.to === 'COMPLETED');
    if (!completion || !inPeriod(completion.at) || application.amountFrom === null) continue;
    const { amountFrom, amountTo, currencyFrom, currencyTo } = application;
    push(turnover, currencyFrom!, toUnits(amountFrom, currencyDecimals(currencyFrom!)));
    push(turnover, currencyTo!, toUnits(amountTo!, currencyDecimals(currencyTo!)));
    usdtSides.push(toUnits(currencyFrom === 'USDT' ? amountFrom : amountTo!, currencyDecimals('USDT')));
    // The shares count for the whole business only (a breakdown's row has none).
    if (!options.breakdownRow) partnerShares.push(partnerShareUnits ?? 0n);
    if (!snapshot) {
      withoutProfit += 1;
      continue;
    }
    push(
      profit,
      snapshot.fiatCurrency,
      toUnits(snapshot.profitFiat, currencyDecimals(snapshot.fiatCurrency)),
    );
    profitUsdt.push(toUnits(snapshot.profitUsdt, currencyDecimals('USDT')));
  }

  // New or returning: whether the owner had completed a deal before this one (any deal of the table).
  const completions = deals
    .flatMap((deal) =>
      deal.history
        .filter((step) => step.to === 'COMPLETED')
        .map((step) => ({ deal, owner: deal.application.userId, at: step.at })),
    )
    .sort((a, b) => a.at.localeCompare(b.at));
  const clients = { new: 0, returning: 0 };
  const seen = new Set<string>();
  for (const { deal, owner, at } of completions) {
    if (counted.includes(deal) && inPeriod(at)) clients[seen.has(owner) ? 'returning' : 'new'] += 1;
    seen.add(owner);
  }

  const toTake: number[] = [];
  const toPayout: number[] = [];
  const byActor = options.actorFilter ?? (() => true);
  for (const { application, history } of deals) {
    history.forEach((step, index) => {
      if (!inPeriod(step.at) || !byActor(step.actorId)) return;
      if (step.from === 'PENDING' && step.to === 'PROCESSING')
        toTake.push(seconds(application.createdAt, step.at));
      const earlierPayout = history.slice(0, index).some((before) => before.to === 'EXCHANGING');
      if (step.from === 'CONFIRMED' && step.to === 'EXCHANGING' && !earlierPayout)
        toPayout.push(seconds(history[index - 1]!.at, step.at));
    });
  }

  const tickets = usdtSides.length;
  const usdtTotal = sumUnits(usdtSides);
  const median = percentile(
    usdtSides.map((units) => Number(units / 1_000_000n)),
    0.5,
    (usdt) => bucketOf(usdt),
  );
  return {
    funnel,
    outcomes,
    turnover: amounts(turnover),
    profit: amounts(profit),
    reporting: {
      currency: 'USDT',
      turnover: unitsText(usdtTotal, 6),
      profit: unitsText(sumUnits(profitUsdt), 6),
      partnerShares: unitsText(sumUnits(partnerShares), 6),
      profitAfterShares: unitsText(sumUnits(profitUsdt) - sumUnits(partnerShares), 6),
      dealsLeftOut: 0,
    },
    dealsWithoutProfit: withoutProfit,
    ticket: {
      count: tickets,
      average:
        tickets === 0 ? null : unitsText(divide(ofUnits(usdtTotal, 6), tickets, 2, 'half-up').units, 2),
      median: median === null || options.breakdownRow ? null : String(median),
    },
    clients,
    clicks: options.clicks ?? 0,
    times: { toTake: durations(toTake), toPayout: durations(toPayout) },
  };
}
