import { InvalidRequest, NotQuotable, StateConflict } from '@functions/commons/errors';
import { auditPut } from '@functions/data/audit';
import { findGeoNodes } from '@functions/data/geo';
import { type TransactItem, TransactionCancelledError, transactWrite } from '@functions/data/transactions';
import {
  type CardHoursRecord,
  type CityHoursRecord,
  cardHoursPut,
  cityHoursPut,
  findHoursInputs,
  listCityHours,
  type MaintenanceRecord,
  maintenancePut,
} from '@functions/data/working-hours';
import type { RecordedActor } from '@functions/domain/accounts/principal';
import { isValidExchangePair, parseAssetKey } from '@shared/assets';
import type {
  ExchangeStatus,
  Maintenance,
  PutCardHoursBody,
  PutCityHoursBody,
  PutMaintenanceBody,
} from '@shared/contract/hours';
import { type FieldProblem, fieldError, ruleProblem } from '@shared/field-rules';
import {
  AROUND_THE_CLOCK,
  localDateTime,
  type ScheduleView,
  scheduleState,
  type WeekHours,
} from '@shared/working-hours';
import { UnknownLocation } from './toggle';

/**
 * Working hours (docs/product.md §4 "Working hours", docs/architecture.md §4 pattern 28): a cash
 * direction follows its city's schedule, a card direction (and so card ⇄ USDT: the crypto side has
 * no cash) the global card schedule, and in maintenance nothing is offered. The rules read the
 * clock they are given (`now`), so tests set the time.
 */

/**
 * A place whose schedule was never stored is open around the clock in UTC: every place was open
 * before working hours existed, and the seed gives each seeded city its own schedule.
 */
const UNSCHEDULED = { timeZone: 'UTC', week: AROUND_THE_CLOCK };
const NO_MAINTENANCE: Maintenance = { active: false, message: { ru: '', en: '' } };

export function scheduleView(schedule: { timeZone: string; week: WeekHours }, now: Date): ScheduleView {
  return {
    timeZone: schedule.timeZone,
    week: schedule.week,
    ...scheduleState(schedule.week, schedule.timeZone, now),
  };
}

/** Each city's code and hours now, by city key (cities without a stored schedule are left out). */
export async function readCitiesHours(
  now: Date,
): Promise<Map<string, { code: string | null; hours: ScheduleView }>> {
  return new Map(
    (await listCityHours()).map((city) => [city.key, { code: city.code, hours: scheduleView(city, now) }]),
  );
}

/** A city's code and hours as the tree shows them when it has no stored schedule. */
export function unscheduledCity(now: Date): { code: null; hours: ScheduleView } {
  return { code: null, hours: scheduleView(UNSCHEDULED, now) };
}

function maintenanceView(record?: MaintenanceRecord): Maintenance {
  return record ? { active: record.active, message: record.message } : NO_MAINTENANCE;
}

/** GET /status: the maintenance switch and the card schedule now. */
export async function readExchangeStatus(now = new Date()): Promise<ExchangeStatus> {
  const { card, maintenance } = await findHoursInputs();
  return { maintenance: maintenanceView(maintenance), cardHours: scheduleView(card ?? UNSCHEDULED, now) };
}

/** Nothing is offered while the exchange is in maintenance (the site shows staff's message). */
export class ExchangeInMaintenance extends StateConflict {
  constructor() {
    super('The exchange is closed for maintenance. Please try again later.');
  }
}

/** Which schedule closed a direction, and when it opens again (null: no open day in its week). */
export interface Closure {
  schedule: 'city' | 'card';
  opensAt: string | null;
  timeZone: string;
}

/**
 * The closure as a broken rule (shared/field-rules.ts: `cashClosed`, `cardClosedUntilNotice`…): the
 * application's field error and the quote's refusal say the same; the opening date and time in the
 * schedule's own zone, as its staff set it.
 */
export function closureProblem(closure: Closure): FieldProblem {
  if (!closure.opensAt) {
    return ruleProblem(closure.schedule === 'city' ? 'cashClosedUntilNotice' : 'cardClosedUntilNotice');
  }
  const [date = '', time = ''] = localDateTime(closure.timeZone, closure.opensAt).split(' ');
  return ruleProblem(closure.schedule === 'city' ? 'cashClosed' : 'cardClosed', {
    date,
    time,
    timeZone: closure.timeZone,
  });
}

/**
 * A quote asked for a direction outside its working hours: 422 like a paused direction. One class
 * per wording (cash or card, opening again or not), so each is a code of its own.
 */
export abstract class DirectionClosed extends NotQuotable {
  constructor(closure: Closure) {
    const problem = closureProblem(closure);
    super(problem.msg, problem.params ? { params: problem.params } : {});
  }
}

/** A cash direction whose city is closed now; `params`: when it opens (`date`, `time`, `timeZone`). */
export class CashExchangeClosed extends DirectionClosed {}
/** A cash direction whose city has no open day in its week. */
export class CashExchangeClosedUntilNotice extends DirectionClosed {}
/** A card direction outside the card hours; `params`: when they open (`date`, `time`, `timeZone`). */
export class CardExchangeClosed extends DirectionClosed {}
/** A card direction while the card hours have no open day. */
export class CardExchangeClosedUntilNotice extends DirectionClosed {}

function directionClosed(closure: Closure): DirectionClosed {
  if (closure.schedule === 'city') {
    return closure.opensAt ? new CashExchangeClosed(closure) : new CashExchangeClosedUntilNotice(closure);
  }
  return closure.opensAt ? new CardExchangeClosed(closure) : new CardExchangeClosedUntilNotice(closure);
}

export class UnknownCity extends InvalidRequest {
  constructor(inactive: boolean) {
    super('Validation failed.', {
      fields: [fieldError('city', inactive ? 'locationUnavailable' : 'unknownLocation')],
    });
  }
}

/** Which schedule a pair follows: cash (its city's) or card (the global one); null for no valid pair. */
function scheduleOf(assetFrom: string, assetTo: string): 'city' | 'card' | null {
  if (!isValidExchangePair(assetFrom, assetTo)) return null;
  const fiat = [parseAssetKey(assetFrom), parseAssetKey(assetTo)].find((asset) => asset?.kind === 'fiat');
  return fiat?.kind === 'fiat' && fiat.fiatKind === 'cash' ? 'city' : 'card';
}

export interface DirectionAt {
  assetFrom: string;
  assetTo: string;
  /** The city of a cash direction; without one, a cash direction follows no schedule (only maintenance). */
  city?: string;
}

/**
 * Whether the direction is outside its working hours at `now`: the closure, or null while open.
 * Maintenance refuses at once (ExchangeInMaintenance); a given city must exist and be switched on.
 */
export async function directionClosure(direction: DirectionAt, now: Date): Promise<Closure | null> {
  const schedule = scheduleOf(direction.assetFrom, direction.assetTo);
  const inputs = await findHoursInputs(direction.city);
  if (inputs.maintenance?.active) throw new ExchangeInMaintenance();
  if (direction.city && !inputs.cityNode?.isActive) throw new UnknownCity(inputs.cityNode !== undefined);
  const hours =
    schedule === 'card' ? (inputs.card ?? UNSCHEDULED) : direction.city ? (inputs.city ?? UNSCHEDULED) : null;
  if (!schedule || !hours) return null;
  const state = scheduleState(hours.week, hours.timeZone, now);
  return state.openNow ? null : { schedule, opensAt: state.opensAt, timeZone: hours.timeZone };
}

/** For a quote: refuses a direction outside its working hours (DirectionClosed). */
export async function assertDirectionOpen(direction: DirectionAt, now: Date): Promise<void> {
  const closure = await directionClosure(direction, now);
  if (closure) throw directionClosed(closure);
}

/** For a request that follows no schedule (an individual application): refuses only maintenance. */
export async function assertNotInMaintenance(): Promise<void> {
  const { maintenance } = await findHoursInputs();
  if (maintenance?.active) throw new ExchangeInMaintenance();
}

/**
 * Runs an hours check beside other work, so both cost one round trip; a refusal of the check
 * (closed, maintenance) is the answer even when the work failed too (a paused rate is beside the
 * point while the direction is closed anyway).
 */
export async function besideHoursCheck<T>(check: Promise<unknown>, work: Promise<T>): Promise<T> {
  const [checked, done] = await Promise.allSettled([check, work]);
  if (checked.status === 'rejected') throw checked.reason;
  if (done.status === 'rejected') throw done.reason;
  return done.value;
}

// Staff edits (geo management), each audited in the transaction of its write.

export class CityCodeTaken extends InvalidRequest {
  constructor(otherCity: string) {
    super('Validation failed.', {
      fields: [fieldError('code', 'cityCodeTaken', { city: otherCity })],
    });
  }
}

export class HoursChangedMeanwhile extends StateConflict {
  constructor() {
    super('The working hours were changed by someone else meanwhile. Reload and try again.');
  }
}

interface AuditOf {
  actor: RecordedActor;
  action: string;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown>;
  at: Date;
}

/** The write and its audit entry in one transaction; a concurrent edit (condition failed) is a 409. */
async function writeAudited(write: TransactItem, audit: AuditOf) {
  try {
    await transactWrite([
      write,
      auditPut({
        actorId: audit.actor.id,
        actorRole: audit.actor.role,
        action: audit.action,
        targetType: 'geo',
        targetId: audit.targetId,
        before: audit.before,
        after: audit.after,
        at: audit.at,
      }),
    ]);
  } catch (error) {
    if (error instanceof TransactionCancelledError && error.conditionFailed)
      throw new HoursChangedMeanwhile();
    throw error;
  }
}

/**
 * PUT /admin/geo/cities/{key}: the city's time zone, weekly hours and monitors' code. The code is
 * unique among cities (checked against all of them; see docs/decisions.md).
 */
export async function putCityHours(
  key: string,
  body: PutCityHoursBody,
  actor: RecordedActor,
  now = new Date(),
) {
  const [nodes, cities] = await Promise.all([findGeoNodes([key]), listCityHours()]);
  if (!nodes.has(key)) throw new UnknownLocation(key);
  const previous = cities.find((city) => city.key === key);
  const holder = body.code ? cities.find((city) => city.key !== key && city.code === body.code) : undefined;
  if (holder) throw new CityCodeTaken(holder.key);
  const record: CityHoursRecord = {
    key,
    timeZone: body.timeZone,
    week: body.week,
    code: body.code,
    updatedAt: now.toISOString(),
    updatedBy: actor.id,
  };
  const terms = ({ timeZone, week, code }: CityHoursRecord) => ({ timeZone, week, code });
  await writeAudited(cityHoursPut(record, previous?.updatedAt ?? null), {
    actor,
    action: 'geo.hours',
    targetId: key,
    before: previous ? terms(previous) : null,
    after: terms(record),
    at: now,
  });
  return { key, code: record.code, hours: scheduleView(record, now) };
}

/** PUT /admin/geo/card-hours: the global schedule of card directions. */
export async function putCardHours(body: PutCardHoursBody, actor: RecordedActor, now = new Date()) {
  const { card: previous } = await findHoursInputs();
  const record: CardHoursRecord = {
    timeZone: body.timeZone,
    week: body.week,
    updatedAt: now.toISOString(),
    updatedBy: actor.id,
  };
  await writeAudited(cardHoursPut(record, previous?.updatedAt ?? null), {
    actor,
    action: 'geo.cardHours',
    targetId: 'card-hours',
    before: previous ? { timeZone: previous.timeZone, week: previous.week } : null,
    after: { timeZone: record.timeZone, week: record.week },
    at: now,
  });
  return scheduleView(record, now);
}

/** PUT /admin/geo/maintenance: the switch for the whole exchange and its message. */
export async function putMaintenance(
  body: PutMaintenanceBody,
  actor: RecordedActor,
  now = new Date(),
): Promise<Maintenance> {
  const { maintenance: previous } = await findHoursInputs();
  const record: MaintenanceRecord = {
    active: body.active,
    message: body.message,
    updatedAt: now.toISOString(),
    updatedBy: actor.id,
  };
  await writeAudited(maintenancePut(record, previous?.updatedAt ?? null), {
    actor,
    action: 'geo.maintenance',
    targetId: 'maintenance',
    before: previous ? maintenanceView(previous) : null,
    after: maintenanceView(record),
    at: now,
  });
  return maintenanceView(record);
}
