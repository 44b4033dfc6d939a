import type { DomainError } from '@functions/commons/errors';
import { logger } from '@functions/commons/logger';
import {
  type Actor,
  type ApplicationRecord,
  findApplication,
  type StatusWriteConditions,
} from '@functions/data/applications';
import {
  type Move,
  type MoveFacts,
  type MoveInput,
  type MoveName,
  type MoveNeed,
  moveNamed,
  unmetNeed,
} from '@shared/lifecycle';
import { payoutKindOf } from '@shared/payout-details';
import { askedOf, moneyOf } from './deal-money';
import {
  AlreadyInStatus,
  ApplicationChangedMeanwhile,
  ApplicationNotFound,
  MoveNeedsAdmin,
  MoveNeedUnmet,
  MoveNotDue,
  NotCancellable,
  PayerCardNotVerified,
  PaymentStandsOtherwise,
  PaymentWindowClosed,
  PayoutAlreadyReversed,
  PayoutDetailsMissing,
  StatusMovedMeanwhile,
  TransitionNotAllowed,
} from './errors';
import { applyStatusChange, type StatusChange, StatusChangedError } from './status-change';

/*
 * The one way a move is made (docs/architecture.md §7): the lifecycle's table (shared/lifecycle.ts)
 * says from which statuses a move goes and what it needs; this checks both on the application as
 * read, writes the move conditional on its status and on every need someone else's write or the
 * clock could change before the write, and reports a refusal or a lost race one way: a
 * MoveRefused (409) naming why, read again after a lost race.
 */

/** The system as the actor of a move and the author of its records (the jobs, the chain). */
export const SYSTEM_ACTOR = { id: null, role: 'SYSTEM' } as const;

/** What the caller writes with the move besides the status (its deal fields, records, history details). */
export type MoveWrite = Omit<StatusChange, 'application' | 'move' | 'actor' | 'conditions'>;

export interface MoveRequest {
  move: MoveName;
  application: ApplicationRecord;
  actor: Actor;
  /** What the move's needs read from the call (a reason, instructions, a payout reference, a cutoff). */
  input?: MoveInput;
  write?: MoveWrite;
}

/** The refusal of each need not met: the type asks for one per need the table can name. */
const NEED_REFUSALS: { readonly [need in MoveNeed]: (facts: MoveFacts, move: Move) => DomainError } = {
  reason: () => new MoveNeedUnmet('reason'),
  instructions: () => new MoveNeedUnmet('instructions'),
  payoutDetails: () => new PayoutDetailsMissing(),
  withinPaymentWindow: (facts) => new PaymentWindowClosed(facts.paymentDeadline),
  pastPaymentDeadline: () => new MoveNotDue('pastPaymentDeadline'),
  payoutReference: () => new MoveNeedUnmet('payoutReference'),
  confirmation: () => new MoveNeedUnmet('confirmation'),
  byAdmin: () => new MoveNeedsAdmin(),
  closingReason: () => new MoveNeedUnmet('closingReason'),
  instructionsIssued: (facts, move) => new TransitionNotAllowed(facts.status, move.to),
  paidOtherAmount: () => new PaymentStandsOtherwise('paidOtherAmount'),
  paidShort: () => new PaymentStandsOtherwise('paidShort'),
  paidOver: () => new PaymentStandsOtherwise('paidOver'),
  paidInTime: () => new PaymentStandsOtherwise('paidInTime'),
  paidLate: () => new PaymentStandsOtherwise('paidLate'),
  requoteOffered: () => new PaymentStandsOtherwise('requoteOffered'),
  payoutShort: () => new PaymentStandsOtherwise('payoutShort'),
  paidOutInFull: () => new PaymentStandsOtherwise('paidOutInFull'),
  unassigned: () => new MoveNotDue('unassigned'),
  cardVerified: () => new PayerCardNotVerified(),
  olderThanExpiry: () => new MoveNotDue('olderThanExpiry'),
  payoutStands: (facts, move) => new TransitionNotAllowed(facts.status, move.to),
  notReversedBefore: () => new PayoutAlreadyReversed(),
  paidAsAsked: () => new PaymentStandsOtherwise('paidAsAsked'),
  paidOtherwise: () => new PaymentStandsOtherwise('paidOtherwise'),
};

/**
 * What a need makes the write conditional on, where the fact may change between the read and the
 * write; the other needs are facts of the call or of fields the status condition already pins.
 */
const NEED_CONDITIONS: Partial<Record<MoveNeed, (facts: MoveFacts) => StatusWriteConditions>> = {
  withinPaymentWindow: (facts) => ({ deadlineAfter: facts.now.toISOString() }),
  pastPaymentDeadline: (facts) => ({ deadlinePassedAt: facts.now.toISOString() }),
  unassigned: () => ({ unassigned: true }),
  olderThanExpiry: (facts) => (facts.input.expiryCutoff ? { createdBefore: facts.input.expiryCutoff } : {}),
};

/** The needs judged on the deal's money: a move with one is written only on the money it judged. */
const MONEY_NEEDS: readonly MoveNeed[] = [
  'paidOtherAmount',
  'paidShort',
  'paidOver',
  'paidInTime',
  'paidLate',
  'requoteOffered',
  'payoutShort',
  'paidOutInFull',
  'paidAsAsked',
  'paidOtherwise',
];

/** A move's own wording of "not from this status" (the client's cancel has its own). */
const FROM_REFUSALS: Partial<Record<MoveName, (status?: ApplicationRecord['status']) => DomainError>> = {
  cancel: (status) => new NotCancellable(status),
};

/** The facts the needs are judged on, of the application as read. */
export function moveFacts(
  application: ApplicationRecord,
  actor: Actor,
  input: MoveInput,
  now: Date,
): MoveFacts {
  return {
    status: application.status,
    paymentDeadline: application.paymentDeadline,
    receivesCash: payoutKindOf(application.assetTo) === 'none',
    hasPayoutDetails: application.payoutDetails !== null,
    assignedToId: application.assignedToId,
    createdAt: application.createdAt,
    clientPaid: application.clientPaid !== null,
    paymentConfirmed: application.paymentConfirmation !== null,
    payoutRecorded: application.payout !== null,
    payoutReversed: application.payoutReversal !== null,
    refunded: application.refund !== null,
    hasInstructions: application.instructions !== null,
    cardVerified: !application.payerCard?.verificationRequired || application.payerCard.verified,
    asked: askedOf(application),
    owed: application.amountTo === null ? null : String(application.amountTo),
    money: moneyOf(application),
    requoteUntil: application.requote?.until ?? null,
    actorRole: actor.role,
    input,
    now,
  };
}

/** Why the move cannot be made on the application as read; undefined when it can. */
function refusalOf(move: Move, facts: MoveFacts): DomainError | undefined {
  if (!move.from.includes(facts.status)) {
    const own = FROM_REFUSALS[move.name];
    if (own) return own(facts.status);
    if (facts.status === move.to) return new AlreadyInStatus(move.to);
    return new TransitionNotAllowed(facts.status, move.to);
  }
  const need = unmetNeed(move, facts);
  return need ? NEED_REFUSALS[need](facts, move) : undefined;
}

/**
 * The refusal of a move that lost its race at the write, from the application read again: in the
 * move's target already, a need no longer met, moved elsewhere, or changed in what it carried.
 */
async function lostRace(move: Move, request: MoveRequest, now: Date): Promise<DomainError> {
  const expected = request.application.status;
  const current = await findApplication(request.application.id);
  if (!current) return new ApplicationNotFound();
  if (current.status === move.to) return new AlreadyInStatus(move.to);
  if (move.from.includes(current.status)) {
    const facts = moveFacts(current, request.actor, request.input ?? {}, now);
    const need = unmetNeed(move, facts);
    return need ? NEED_REFUSALS[need](facts, move) : new ApplicationChangedMeanwhile();
  }
  const own = FROM_REFUSALS[move.name];
  if (own) return own();
  // Lost at the commit: the status it had then is not known (StatusMovedMeanwhile without `current`).
  return new StatusMovedMeanwhile(expected);
}

/** Throws why the move cannot be made on the application as read (before the caller's own checks and reads). */
export function requireMovable(request: Omit<MoveRequest, 'write'>, now = new Date()): void {
  const refusal = refusalOf(
    moveNamed(request.move),
    moveFacts(request.application, request.actor, request.input ?? {}, now),
  );
  if (refusal) throw refusal;
}

/**
 * Makes the move, or throws why not: the status and the needs checked first, the write conditional
 * on both. Errors of the write's other parts (a claimed transaction, a reserve) reach the caller as
 * they are.
 */
export async function perform(request: MoveRequest, now = new Date()): Promise<ApplicationRecord> {
  const move = moveNamed(request.move);
  const facts = moveFacts(request.application, request.actor, request.input ?? {}, now);
  const refusal = refusalOf(move, facts);
  if (refusal) throw refusal;
  const conditions = Object.assign(
    {},
    ...move.needs.map((need) => NEED_CONDITIONS[need]?.(facts) ?? {}),
    // A move that adds to the deal's money, or decides on it, writes on the money as read.
    request.write?.fields?.money || move.needs.some((need) => MONEY_NEEDS.includes(need))
      ? { version: request.application.version }
      : {},
  ) as StatusWriteConditions;
  try {
    const moved = await applyStatusChange(
      { ...request.write, application: request.application, move, actor: request.actor, conditions },
      now,
    );
    // The line a deal's history is found by in the logs; its correlation id leads to the mails it queued.
    logger.info('application moved', {
      applicationId: moved.id,
      move: move.name,
      from: request.application.status,
      to: moved.status,
    });
    return moved;
  } catch (error) {
    if (error instanceof StatusChangedError) throw await lostRace(move, request, now);
    throw error;
  }
}
