import { InvalidRequest, NotFound, NotPermitted, StateConflict } from '@functions/commons/errors';
import type { ExpiredQuote } from '@shared/contract/applications';
import type { ApplicationStatus } from '@shared/enums';
import type { FieldError } from '@shared/envelope';
import { fieldError } from '@shared/field-rules';

/**
 * The lifecycle refused a move (functions/domain/applications/perform.ts): not from this status,
 * a need not met, or someone moved the application first. One class for all of them, so a job, the
 * watcher or the Telegram take tell a lost race from a failure one way.
 */
export abstract class MoveRefused extends StateConflict {}

/** A system move that is not due (yet, or any more): the job or the watcher leaves it. */
export class MoveNotDue extends MoveRefused {
  constructor(need: string) {
    super(`The application does not meet "${need}" now.`, { params: { need } });
  }
}

/**
 * The deal's money does not stand as the move needs (short, over, late, a new quote offered, the
 * payout in full or not): it changed meanwhile, or the page showed an older state.
 */
export class PaymentStandsOtherwise extends MoveRefused {
  constructor(need: string) {
    super(`The deal's money does not meet "${need}" now.`, { params: { need } });
  }
}

/** What the move needs was not given (the route's schema asks first; this is the server's own check). */
export class MoveNeedUnmet extends InvalidRequest {
  constructor(need: string) {
    super(`This move needs "${need}".`, { params: { need } });
  }
}

/** Only an ADMIN (or higher) makes this move. */
export class MoveNeedsAdmin extends NotPermitted {
  constructor() {
    super('Only an administrator may do this.');
  }
}

/** Absent, or not the caller's own: both read the same, so ids of others' applications leak nothing. */
export class ApplicationNotFound extends NotFound {
  constructor() {
    super('Application not found.');
  }
}

/** A business rule of the application form (geo, assets, amount) refused the listed fields. */
export class ApplicationRulesBroken extends InvalidRequest {
  constructor(fields: FieldError[]) {
    super('Validation failed.', { fields });
  }
}

export class IdempotencyKeyReused extends StateConflict {
  constructor() {
    super('This Idempotency-Key was already used with a different request.');
  }
}

export class TooManyOpenApplications extends StateConflict {
  constructor(limit: number) {
    super(`You already have ${limit} open applications. Wait until one is processed or cancel one.`, {
      params: { limit },
    });
  }
}

/**
 * The owner may cancel up to and including WAITING_PAYMENT (shared/lifecycle.ts): `status` is the one it has, when read (a
 * cancellation that lost the race to staff knows only that it is no longer pending).
 */
export class NotCancellable extends MoveRefused {
  constructor(status?: ApplicationStatus) {
    super(
      status
        ? `This application is ${status}: it can no longer be cancelled.`
        : 'The application has moved on and can no longer be cancelled.',
      status ? { params: { status } } : {},
    );
  }
}

/**
 * Staff decided on a status the application no longer has (someone else moved it): `current` is
 * its status now when read, absent when the change lost the race at commit.
 */
export class StatusMovedMeanwhile extends MoveRefused {
  constructor(expected: ApplicationStatus, current?: ApplicationStatus) {
    super(
      current
        ? `The application is ${current} now, not ${expected}. Reload it and decide again.`
        : `The application is no longer ${expected}: someone changed it first. Reload it.`,
      { params: current ? { expected, current } : { expected } },
    );
  }
}

export class AlreadyInStatus extends MoveRefused {
  constructor(status: ApplicationStatus) {
    super(`The application is already ${status}.`, { params: { status } });
  }
}

/** The lifecycle (docs/product.md, docs/architecture.md §7) has no such move. */
export class TransitionNotAllowed extends MoveRefused {
  constructor(from: ApplicationStatus, to: ApplicationStatus) {
    super(`An application cannot move from ${from} to ${to}.`, { params: { from, to } });
  }
}

export class AssigneeNotStaff extends InvalidRequest {
  constructor() {
    super('Validation failed.', { fields: [fieldError('assignedToId', 'assigneeNotStaff')] });
  }
}

/** A MANAGER whose rights do not reach the deal: they could neither see it nor work it. */
export class AssigneeOutsideScope extends InvalidRequest {
  constructor() {
    super('Validation failed.', { fields: [fieldError('assignedToId', 'assigneeOutsideScope')] });
  }
}

/** Staff never process their own application (status, assignment, note): a colleague must. */
export class OwnApplication extends NotPermitted {
  constructor() {
    super('You cannot process your own application. Another staff member must handle it.');
  }
}

/** A MANAGER's rights (shared/staff-scope.ts) do not reach this deal's city or direction. */
export class DealOutsideScope extends NotPermitted {
  constructor() {
    super(
      'This deal is outside the cities and directions you handle. An administrator can widen your rights.',
    );
  }
}

/** A MANAGER an ADMIN did not let record refunds. */
export class RefundNotInScope extends NotPermitted {
  constructor() {
    super('You may not record refunds. Ask an administrator to record it or to give you the right.');
  }
}

export class ApplicationChangedMeanwhile extends MoveRefused {
  constructor() {
    super('The application was changed by someone else meanwhile. Reload and try again.');
  }
}

/**
 * Completing after the quote's lock ended pays the locked amount only when staff say so
 * (`acceptExpiredQuote`), having seen it beside a fresh quote's: both are the answer's `data`.
 */
export class ExpiredQuoteNotAccepted extends StateConflict {
  constructor(quote: ExpiredQuote) {
    const fresh =
      quote.currentAmountTo === null
        ? `no fresh quote is available (${quote.currentRefusal ?? 'the direction is not quoted'})`
        : `a fresh quote gives ${quote.currentAmountTo} ${quote.currencyTo} now`;
    super(
      `The quote of this application expired at ${quote.lockedUntil}: completing it pays out ${quote.lockedAmountTo} ${quote.currencyTo} at the locked rate, and ${fresh}. Send acceptExpiredQuote: true to complete it at the locked amount.`,
      {
        data: quote,
        params: {
          lockedUntil: quote.lockedUntil,
          lockedAmountTo: quote.lockedAmountTo,
          currencyTo: quote.currencyTo,
        },
      },
    );
  }
}

/** Payout details are given while the deal has not reached "I have paid" (shared/lifecycle.ts). */
export class PayoutDetailsLocked extends StateConflict {
  constructor(status: ApplicationStatus) {
    super(`Where you receive can no longer change: the application is ${status}.`, { params: { status } });
  }
}

/** The USDT contract's blacklist holds the payout address: USDT sent there would be frozen. */
export class PayoutAddressBlacklisted extends InvalidRequest {
  constructor() {
    super('This address is on the USDT blacklist: USDT sent to it is frozen. Give another address.');
  }
}

/** A cash payout takes no details. */
export class PayoutDetailsNotTaken extends InvalidRequest {
  constructor() {
    super('This application pays out in cash: there are no payout details to give.');
  }
}

/** "I have paid" needs where the client receives first (a TRON address or a card), unless cash. */
export class PayoutDetailsMissing extends MoveRefused {
  constructor() {
    super('Give where you receive the money before saying you have paid.');
  }
}

export class PaymentWindowClosed extends MoveRefused {
  constructor(deadline: string | null) {
    super(
      deadline
        ? `The time to pay ended at ${deadline}. Write to us in the messages if you have paid.`
        : 'No payment is expected on this application yet.',
      deadline ? { params: { deadline } } : {},
    );
  }
}

/** A receipt must be a file uploaded to this application's thread. */
export class ReceiptNotFound extends InvalidRequest {
  constructor() {
    super('Validation failed.', { fields: [fieldError('receiptId', 'receiptNotFound')] });
  }
}

/**
 * The template for the instructions is gone, is for another currency, city or asset, is paused or
 * at its pool limit; or, not chosen, no detail of the pool fits with room for the deal.
 */
export class TemplateRefused extends InvalidRequest {
  constructor(
    code:
      | 'templateNotFound'
      | 'templateDoesNotFit'
      | 'usdtTemplateRequired'
      | 'receivingDetailPaused'
      | 'receivingDetailFull'
      | 'noReceivingDetailFree',
  ) {
    super('Validation failed.', { fields: [fieldError('templateId', code)] });
  }
}

/** Instructions without a text of their own and without a template whose text they could take. */
export class InstructionsTextRequired extends InvalidRequest {
  constructor() {
    super('Validation failed.', { fields: [fieldError('text', 'instructionsRequired')] });
  }
}

/** A refund is recorded once, on a deal that ended without completing after the client paid. */
export class RefundNotAllowed extends StateConflict {
  constructor(status: ApplicationStatus) {
    super(
      `A refund is recorded on a rejected or cancelled deal the client paid for; this one is ${status}.`,
      {
        params: { status },
      },
    );
  }
}

export class RefundAlreadyRecorded extends StateConflict {
  constructor() {
    super('A refund is already recorded on this application.');
  }
}

/** A payout stands recorded: refunding as well would send the client's money out twice. */
export class RefundAfterPayout extends StateConflict {
  constructor() {
    super(
      'A payout is recorded on this application: a refund would pay the client twice. An ADMIN records the payout as reversed first, if it came back.',
    );
  }
}

/** A deal's payout is reversed once. */
export class PayoutAlreadyReversed extends StateConflict {
  constructor() {
    super("This application's payout was already reversed once.");
  }
}

/**
 * The transaction was already used (data/chain-uses.ts): it paid a deal, paid one out or was a
 * refund; a transaction serves one purpose once.
 */
export class ChainTransactionUsed extends StateConflict {
  constructor(purpose: string) {
    super(`This transaction was already used (${purpose}); a transaction is used once, for one purpose.`, {
      params: { purpose },
    });
  }
}

export class NothingToRefund extends StateConflict {
  constructor() {
    super('The client has not paid on this application: there is nothing to refund.');
  }
}

/**
 * Every payable amount of a USDT payment (the amount and the 999 steps of 0.0001 above it) is held
 * on this wallet by other applications, open or ended within the late-payment retention: issue
 * from another USDT template, or wait.
 */
export class PayableAmountsTaken extends StateConflict {
  constructor(amount: string) {
    super(
      `Every payable amount from ${amount} USDT up to 0.0999 above it is held on this wallet by other applications, open or ended less than 30 days ago. Pick another USDT wallet.`,
      { params: { amount } },
    );
  }
}

/**
 * The direction asks for a verified card and the card the client pays from is not verified yet:
 * staff issue no payment instructions until they approve its photo (docs/product.md "Cards and
 * verification").
 */
export class PayerCardNotVerified extends MoveRefused {
  constructor() {
    super("The client's card is not verified yet; approve its photo in the verification queue first.");
  }
}

/**
 * A guest's new account could not be written with their application: an account took the address
 * meanwhile (functions/domain/applications/guest.ts then asks that account's owner instead).
 */
export class GuestAddressTaken extends StateConflict {
  constructor() {
    super('An account took this address meanwhile.');
  }
}

/** A guest's mailed link (to their order, or to join an application to an account) that does nothing now. */
export class GuestLinkInvalid extends InvalidRequest {
  constructor() {
    super('This link is no longer valid.');
  }
}

/** The account behind a guest's order link has a password now: its owner signs in instead. */
export class GuestOrderNeedsSignIn extends StateConflict {
  constructor(applicationId: string) {
    super('This account has a password now: sign in to see the order.', { params: { applicationId } });
  }
}
