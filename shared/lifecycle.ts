import {
  type DealMoney,
  heldOf,
  NO_MONEY_YET,
  type PaymentGap,
  paidOutInFull,
  paymentGap,
} from './deal-money';
import { APPLICATION_STATUSES, type ApplicationStatus, type Role, type StaffSettableStatus } from './enums';
import { compare } from './money';
import type { Duration, FunnelStep } from './reports';

/**
 * The deal's lifecycle (docs/product.md §4, docs/architecture.md §7): every move an application can
 * make, who makes it and what it needs, in one table, and what each need means (`NEED_GUARDS`). The
 * server makes every move through it (functions/domain/applications/perform.ts: the move's guard,
 * then its write conditioned on its statuses and needs), the web offers a button only where it
 * allows one, and docs/product.md §4's table is generated from it (`npm run docs:lifecycle`).
 *
 * Forward: PENDING → PROCESSING (staff took it) → WAITING_PAYMENT (instructions issued, the
 * payment window runs) → PAID (the client says so) → CONFIRMED (the money arrived) → EXCHANGING
 * (the office pays out) → COMPLETED; cancelled, rejected or expired on the way. USDT that arrived
 * from a sender the AML check scores above the threshold, that the check could not score, or that
 * an operator's blacklist names is recorded and held (ON_HOLD) until staff release it or reject
 * the deal and refund it. One step back: a
 * payout that came back (EXCHANGING → CONFIRMED, recorded by an ADMIN). Once money went out, the
 * deal is not rejected: rejecting would lead to a refund on top of the payout.
 */

/** Who makes a move: the application's owner, a staff member, or a scheduled job. */
export type Mover = 'client' | 'staff' | 'system';

/** What a move needs besides its status; the server refuses it without (the web asks first). */
export type MoveNeed =
  /** A rejection reason, shown to the client. */
  | 'reason'
  /** The payment instructions' text (and a window); they start the payment window. */
  | 'instructions'
  /** Where the client receives (a TRON address or a card), unless they receive cash. */
  | 'payoutDetails'
  /** Before the payment deadline. */
  | 'withinPaymentWindow'
  /** Past the payment deadline with no "I have paid". */
  | 'pastPaymentDeadline'
  /** A transaction hash or a note on the payout. */
  | 'payoutReference'
  /** The page asks staff to confirm: a deal done face to face records both movements at once. */
  | 'confirmation'
  /** An ADMIN makes it (a payout that came back, a deal closed with a difference). */
  | 'byAdmin'
  /** Why an ADMIN closes a deal whose payout differs from what is owed. */
  | 'closingReason'
  /** Payment instructions were issued: money for the deal could be expected. */
  | 'instructionsIssued'
  /** What arrived of the client's payment differs from what was asked (short or over). */
  | 'paidOtherAmount'
  /** Less arrived than was asked. */
  | 'paidShort'
  /** More arrived than was asked. */
  | 'paidOver'
  /** Every part arrived in the payment window (the deal's rate still holds). */
  | 'paidInTime'
  /** A part arrived after the window: only the current rate can be offered. */
  | 'paidLate'
  /** Staff offered the client a new quote for what arrived late, and it still holds. */
  | 'requoteOffered'
  /** Less than what is owed went out so far. */
  | 'payoutShort'
  /** What went out is at least what is owed. */
  | 'paidOutInFull'
  /** Nobody has taken it yet (a Take assigns the taker). */
  | 'unassigned'
  /** The direction asks for a verified card and the card the client pays from is verified (or it asks for none). */
  | 'cardVerified'
  /** Created longer ago than the setting `applicationExpiryHours` allows a PENDING application. */
  | 'olderThanExpiry'
  /** A payout is recorded and stands (it has not come back). */
  | 'payoutStands'
  /** No payout of the deal came back before: a reversal is recorded once. */
  | 'notReversedBefore'
  /** All that was asked arrived, in the window: the deal can go on at its rate. */
  | 'paidAsAsked'
  /** What arrived differs from what was asked, or came late: staff resolve it as any wrong payment. */
  | 'paidOtherwise';

export type MoveName =
  | 'take'
  | 'takeFromAlert'
  | 'issueInstructions'
  | 'markPaid'
  | 'confirmPayment'
  | 'recordPayout'
  | 'complete'
  | 'completeAtOffice'
  | 'cancel'
  | 'staffCancel'
  | 'reject'
  | 'expire'
  | 'expirePayment'
  | 'chainCompletePayout'
  | 'chainSeenPayment'
  | 'chainFinalPayment'
  | 'reversePayout'
  | 'paymentPart'
  | 'latePayment'
  | 'chainPaymentPart'
  | 'chainLatePayment'
  | 'recalculate'
  | 'awaitTopUp'
  | 'refundExcess'
  | 'offerRequote'
  | 'acceptRequote'
  | 'payoutPart'
  | 'closeWithDifference'
  | 'holdPayment'
  | 'releaseHold'
  | 'releaseHoldToResolve';

/** The call that makes a move: staff's status route, the deal's own routes, or a job. */
export type MoveCall =
  | 'status'
  /** A staff member presses Take under the staff group's alert in Telegram. */
  | 'telegramTake'
  | 'instructions'
  | 'paid'
  | 'confirmPayment'
  | 'payout'
  | 'cancel'
  | 'expiryJob'
  | 'paymentExpiryJob'
  /** The server's check of staff's USDT payout hash on chain (the client's hash confirms as the watcher does). */
  | 'chainCheck'
  /** The chain watcher job: a transfer of the exact payable amount to the application's wallet. */
  | 'chainWatcher'
  /** An ADMIN records that a payout came back. */
  | 'payoutReversal'
  /** Staff resolve a payment that arrived otherwise than asked (short, over, late). */
  | 'paymentResolution'
  /** The client accepts staff's new quote for a late payment. */
  | 'requoteAccept'
  /** An ADMIN closes a deal whose payout differs from what is owed. */
  | 'close'
  /** Staff release a held payment after their check. */
  | 'holdRelease';

export interface Move {
  name: MoveName;
  from: readonly ApplicationStatus[];
  to: ApplicationStatus;
  by: Mover;
  call: MoveCall;
  needs: readonly MoveNeed[];
  /**
   * The move exchanges the money at the deal's quote: both reserves move and the completed counters
   * count in its transaction, and staff accept a quote that expired before they make it.
   */
  settles?: true;
  /** The steps of the reports' funnel the deal reaches by this move (docs/architecture.md "Reports"). */
  funnel?: readonly FunnelStep[];
  /** The staff's duration the move ends, for the reports: since created, or since the payment stood. */
  measures?: Duration;
}

export const TERMINAL_STATUSES = [
  'COMPLETED',
  'CANCELLED',
  'REJECTED',
  'EXPIRED',
] as const satisfies readonly ApplicationStatus[];

export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];

/** The statuses of a deal still under way, in the order it goes through them. */
export const OPEN_STATUSES = [
  'PENDING',
  'PROCESSING',
  'WAITING_PAYMENT',
  'PAID',
  'ON_HOLD',
  'CONFIRMED',
  'EXCHANGING',
] as const satisfies readonly ApplicationStatus[];

/** Open statuses off the normal path: a deal goes there only when its money needs a check (held). */
export const DETOUR_STATUSES = ['ON_HOLD'] as const satisfies readonly ApplicationStatus[];

/** The open statuses waiting for the client's money, as the dashboard's today counts them. */
export const AWAITING_PAYMENT_STATUSES = ['WAITING_PAYMENT'] as const satisfies readonly ApplicationStatus[];

/** The open statuses the client paid in, not yet wholly paid out: money the office holds for them. */
export const AWAITING_PAYOUT_STATUSES = [
  'PAID',
  'ON_HOLD',
  'CONFIRMED',
  'EXCHANGING',
] as const satisfies readonly ApplicationStatus[];

/** Where every application starts: submitted, waiting for staff. */
export const INITIAL_STATUS: ApplicationStatus = 'PENDING';

export const MOVES: readonly Move[] = [
  {
    name: 'take',
    from: ['PENDING'],
    to: 'PROCESSING',
    by: 'staff',
    call: 'status',
    needs: [],
    funnel: ['taken'],
    measures: 'toTake',
  },
  // Take in Telegram takes it only while nobody has it, and assigns the taker in the same write.
  {
    name: 'takeFromAlert',
    from: ['PENDING'],
    to: 'PROCESSING',
    by: 'staff',
    call: 'telegramTake',
    needs: ['unassigned'],
    funnel: ['taken'],
    measures: 'toTake',
  },
  {
    name: 'issueInstructions',
    from: ['PROCESSING'],
    to: 'WAITING_PAYMENT',
    by: 'staff',
    call: 'instructions',
    needs: ['cardVerified', 'instructions'],
    funnel: ['instructed'],
  },
  {
    name: 'markPaid',
    from: ['WAITING_PAYMENT'],
    to: 'PAID',
    by: 'client',
    call: 'paid',
    needs: ['payoutDetails', 'withinPaymentWindow'],
  },
  // Straight from WAITING_PAYMENT too: the money arrived before the client pressed.
  {
    name: 'confirmPayment',
    from: ['WAITING_PAYMENT', 'PAID'],
    to: 'CONFIRMED',
    by: 'staff',
    call: 'confirmPayment',
    needs: [],
    funnel: ['paid'],
  },
  // A part of the payment arrived (staff enter what did), not all that was asked: the deal is PAID
  // and shows the difference until staff resolve it (or the rest arrives: confirmPayment).
  {
    name: 'paymentPart',
    from: ['WAITING_PAYMENT', 'PAID'],
    to: 'PAID',
    by: 'staff',
    call: 'confirmPayment',
    needs: [],
  },
  // Money arrived for a deal whose window ran out: it is the client's, so the deal is open again,
  // as a late payment staff re-quote or refund.
  {
    name: 'latePayment',
    from: ['EXPIRED'],
    to: 'PAID',
    by: 'staff',
    call: 'confirmPayment',
    needs: ['instructionsIssued'],
  },
  // Less than asked arrived in time: the deal becomes what arrived, at its own rate...
  {
    name: 'recalculate',
    from: ['PAID'],
    to: 'CONFIRMED',
    by: 'staff',
    call: 'paymentResolution',
    needs: ['paidOtherAmount', 'paidInTime'],
    funnel: ['paid'],
  },
  // ...or the client sends the rest, in a window the setting topUpWindowMinutes gives...
  {
    name: 'awaitTopUp',
    from: ['PAID'],
    to: 'PAID',
    by: 'staff',
    call: 'paymentResolution',
    needs: ['paidShort', 'paidInTime'],
  },
  // ...and more than asked is paid out at the deal's rate (recalculate) or its excess sent back.
  {
    name: 'refundExcess',
    from: ['PAID'],
    to: 'CONFIRMED',
    by: 'staff',
    call: 'paymentResolution',
    needs: ['paidOver', 'paidInTime'],
    funnel: ['paid'],
  },
  // Late money is offered at the current rate; the client accepts it (or staff reject and refund).
  {
    name: 'offerRequote',
    from: ['PAID'],
    to: 'PAID',
    by: 'staff',
    call: 'paymentResolution',
    needs: ['paidLate'],
  },
  {
    name: 'acceptRequote',
    from: ['PAID'],
    to: 'CONFIRMED',
    by: 'client',
    call: 'requoteAccept',
    needs: ['requoteOffered'],
    funnel: ['paid'],
  },
  {
    name: 'recordPayout',
    from: ['CONFIRMED'],
    to: 'EXCHANGING',
    by: 'staff',
    call: 'payout',
    needs: ['payoutReference'],
    measures: 'toPayout',
  },
  // A payout in parts: another part while less than owed went out.
  {
    name: 'payoutPart',
    from: ['EXCHANGING'],
    to: 'EXCHANGING',
    by: 'staff',
    call: 'payout',
    needs: ['payoutReference', 'payoutShort'],
  },
  {
    name: 'complete',
    from: ['EXCHANGING'],
    to: 'COMPLETED',
    by: 'staff',
    call: 'status',
    needs: ['paidOutInFull'],
    settles: true,
    funnel: ['completed'],
  },
  // Paid out and owed differ, and an ADMIN closes it anyway, saying why: the difference is booked.
  {
    name: 'closeWithDifference',
    from: ['EXCHANGING'],
    to: 'COMPLETED',
    by: 'staff',
    call: 'close',
    needs: ['byAdmin', 'closingReason'],
    settles: true,
    funnel: ['completed'],
  },
  // The spec's move stays: a deal done face to face at the office, both movements recorded at once.
  {
    name: 'completeAtOffice',
    from: ['PROCESSING'],
    to: 'COMPLETED',
    by: 'staff',
    call: 'status',
    needs: ['confirmation'],
    settles: true,
    // Done face to face: told, paid and completed at once.
    funnel: ['instructed', 'paid', 'completed'],
  },
  {
    name: 'cancel',
    from: ['PENDING', 'PROCESSING', 'WAITING_PAYMENT'],
    to: 'CANCELLED',
    by: 'client',
    call: 'cancel',
    needs: [],
  },
  {
    name: 'staffCancel',
    from: ['PENDING', 'PROCESSING'],
    to: 'CANCELLED',
    by: 'staff',
    call: 'status',
    needs: [],
  },
  // Not once the payout is recorded (EXCHANGING): a rejected deal is refunded, so money would go out twice.
  {
    name: 'reject',
    from: ['PENDING', 'PROCESSING', 'WAITING_PAYMENT', 'PAID', 'ON_HOLD', 'CONFIRMED'],
    to: 'REJECTED',
    by: 'staff',
    call: 'status',
    needs: ['reason'],
  },
  {
    name: 'expire',
    from: ['PENDING'],
    to: 'EXPIRED',
    by: 'system',
    call: 'expiryJob',
    needs: ['olderThanExpiry'],
  },
  {
    name: 'expirePayment',
    from: ['WAITING_PAYMENT'],
    to: 'EXPIRED',
    by: 'system',
    call: 'paymentExpiryJob',
    needs: ['pastPaymentDeadline'],
  },
  // Staff's USDT payout hash, read on chain final, pays the receive amount to the client's address.
  {
    name: 'chainCompletePayout',
    from: ['EXCHANGING'],
    to: 'COMPLETED',
    by: 'system',
    call: 'chainCheck',
    needs: ['paidOutInFull'],
    settles: true,
    funnel: ['completed'],
  },
  // The chain watcher saw a transfer of the exact payable amount to the application's wallet...
  {
    name: 'chainSeenPayment',
    from: ['WAITING_PAYMENT'],
    to: 'PAID',
    by: 'system',
    call: 'chainWatcher',
    needs: [],
  },
  // ...and, once it is final (solidified), the payment is confirmed.
  {
    name: 'chainFinalPayment',
    from: ['WAITING_PAYMENT', 'PAID'],
    to: 'CONFIRMED',
    by: 'system',
    call: 'chainWatcher',
    needs: [],
    funnel: ['paid'],
  },
  // A final transfer that is a part of the payment (the rest still to come), or arrived late for a
  // deal that expired (staff attached it): PAID, the difference shown, as staff's paymentPart.
  {
    name: 'chainPaymentPart',
    from: ['WAITING_PAYMENT', 'PAID'],
    to: 'PAID',
    by: 'system',
    call: 'chainWatcher',
    needs: [],
  },
  {
    name: 'chainLatePayment',
    from: ['EXPIRED'],
    to: 'PAID',
    by: 'system',
    call: 'chainWatcher',
    needs: ['instructionsIssued'],
  },
  // A final USDT payment the screening holds (docs/product.md "Held payments"): the AML check scored
  // it above the threshold or could not score it, or an operator's blacklist names its sender. The
  // money is recorded as it arrived; nothing is confirmed until staff look.
  {
    name: 'holdPayment',
    from: ['WAITING_PAYMENT', 'PAID', 'EXPIRED'],
    to: 'ON_HOLD',
    by: 'system',
    call: 'chainWatcher',
    needs: ['instructionsIssued'],
  },
  // Staff's check cleared it: all that was asked arrived in time, so the deal goes on...
  {
    name: 'releaseHold',
    from: ['ON_HOLD'],
    to: 'CONFIRMED',
    by: 'staff',
    call: 'holdRelease',
    needs: ['paidAsAsked'],
    funnel: ['paid'],
  },
  // ...or it is a wrong payment (short, over, late), resolved as any other from PAID.
  {
    name: 'releaseHoldToResolve',
    from: ['ON_HOLD'],
    to: 'PAID',
    by: 'staff',
    call: 'holdRelease',
    needs: ['paidOtherwise'],
  },
  // The payout came back (a returned card payment, USDT sent back): a movement of its own, and the
  // deal can be paid out again, or rejected and refunded.
  {
    name: 'reversePayout',
    from: ['EXCHANGING'],
    to: 'CONFIRMED',
    by: 'staff',
    call: 'payoutReversal',
    needs: ['byAdmin', 'payoutStands', 'notReversedBefore'],
  },
];

/** The move a call makes from a status to another, if the table has one. */
export function moveOf(call: MoveCall, from: ApplicationStatus, to?: ApplicationStatus): Move | undefined {
  return MOVES.find(
    (move) => move.call === call && move.from.includes(from) && (to === undefined || move.to === to),
  );
}

/** The table's move of that name. */
export function moveNamed(name: MoveName): Move {
  const move = MOVES.find((candidate) => candidate.name === name);
  if (!move) throw new Error(`No move named ${name} in the lifecycle`);
  return move;
}

/** The statuses the expiry jobs' moves end a deal in: money that comes for such a deal came late. */
const EXPIRED_STATUSES: ReadonlySet<ApplicationStatus> = new Set(
  MOVES.filter((move) => move.call === 'expiryJob' || move.call === 'paymentExpiryJob').map(
    (move) => move.to,
  ),
);

/** Whether the deal was ended by an expiry job (its window, or its time to be taken, ran out). */
export function endedByExpiry(status: ApplicationStatus): boolean {
  return EXPIRED_STATUSES.has(status);
}

/** The statuses the settling moves end a deal in: its exchange was booked (the completions). */
const SETTLED_STATUSES: ReadonlySet<ApplicationStatus> = new Set(
  MOVES.filter((move) => move.settles).map((move) => move.to),
);

/** Whether the deal ended in a settling move: it exchanged the money at its rate. */
export function settledIn(status: ApplicationStatus): boolean {
  return SETTLED_STATUSES.has(status);
}

/** Whether the move can be made from `status` (its needs aside). */
export function movesFrom(name: MoveName, status: ApplicationStatus): boolean {
  return moveNamed(name).from.includes(status);
}

/** What a move carries that its needs read (the rest of a call's body is the caller's). */
export interface MoveInput {
  reason?: string | null;
  instructions?: string | null;
  payoutReference?: string | null;
  /** The cutoff of `olderThanExpiry`: applications created before it are due. */
  expiryCutoff?: string;
  /** Why an ADMIN closes the deal with a difference. */
  closingReason?: string | null;
}

/** What a move's needs are judged on: the application as read, who moves it, what they give, and now. */
export interface MoveFacts {
  status: ApplicationStatus;
  paymentDeadline: string | null;
  /** The client receives cash: no payout details to give. */
  receivesCash: boolean;
  hasPayoutDetails: boolean;
  assignedToId: string | null;
  createdAt: string;
  /** The deal's records so far: the client said they paid, staff confirmed, paid out, it came back, refunded. */
  clientPaid: boolean;
  paymentConfirmed: boolean;
  payoutRecorded: boolean;
  payoutReversed: boolean;
  refunded: boolean;
  hasInstructions: boolean;
  /** No verified card is asked for, or the card the client pays from is verified. */
  cardVerified: boolean;
  /** What was asked of the client and what they are owed (null: a deal that names no amounts). */
  asked: string | null;
  owed: string | null;
  /** The money as it moved so far (shared/deal-money.ts). */
  money: DealMoney;
  /** Until when staff's new quote for a late payment holds; null when none was offered. */
  requoteUntil: string | null;
  actorRole: Role | 'SYSTEM';
  input: MoveInput;
  now: Date;
}

const gapOf = (facts: MoveFacts): PaymentGap => paymentGap(facts.money, facts.asked);

const given = (text: string | null | undefined) => Boolean(text?.trim());

/**
 * What each need means, as a test of the facts: the move's guard is all of its needs. A need the
 * table names has to be here (the type requires every one), so a move cannot name a need that
 * nothing checks. `confirmation` is the page's question before the call: nothing to check on the server.
 */
export const NEED_GUARDS: { readonly [need in MoveNeed]: (facts: MoveFacts) => boolean } = {
  reason: (facts) => given(facts.input.reason),
  instructions: (facts) => given(facts.input.instructions),
  payoutDetails: (facts) => facts.receivesCash || facts.hasPayoutDetails,
  withinPaymentWindow: (facts) =>
    facts.paymentDeadline !== null && facts.now.getTime() < Date.parse(facts.paymentDeadline),
  pastPaymentDeadline: (facts) =>
    facts.paymentDeadline !== null && facts.now.getTime() >= Date.parse(facts.paymentDeadline),
  payoutReference: (facts) => given(facts.input.payoutReference),
  confirmation: () => true,
  byAdmin: (facts) => facts.actorRole === 'ADMIN' || facts.actorRole === 'SUPER_ADMIN',
  closingReason: (facts) => given(facts.input.closingReason),
  instructionsIssued: (facts) => facts.hasInstructions,
  paidOtherAmount: (facts) => gapOf(facts) === 'short' || gapOf(facts) === 'over',
  paidShort: (facts) => gapOf(facts) === 'short',
  paidOver: (facts) => gapOf(facts) === 'over',
  paidInTime: (facts) => !facts.money.late,
  paidLate: (facts) => facts.money.late && gapOf(facts) !== 'none',
  requoteOffered: (facts) =>
    facts.requoteUntil !== null && facts.now.getTime() < Date.parse(facts.requoteUntil),
  payoutShort: (facts) => !paidOutInFull(facts.money, facts.owed),
  paidOutInFull: (facts) => paidOutInFull(facts.money, facts.owed),
  unassigned: (facts) => facts.assignedToId === null,
  cardVerified: (facts) => facts.cardVerified,
  olderThanExpiry: (facts) =>
    facts.input.expiryCutoff !== undefined && facts.createdAt < facts.input.expiryCutoff,
  payoutStands: (facts) => facts.payoutRecorded,
  notReversedBefore: (facts) => !facts.payoutReversed,
  paidAsAsked: (facts) => gapOf(facts) === 'exact' && !facts.money.late,
  paidOtherwise: (facts) => NEED_GUARDS.paidOtherAmount(facts) || facts.money.late,
};

/** The needs the call itself gives (its dialog asks for them): an action is offered without them. */
const ASKED_NEEDS: readonly MoveNeed[] = [
  'reason',
  'instructions',
  'payoutReference',
  'confirmation',
  'closingReason',
];

/** Whether the move is offered now: from this status, every need met but those its dialog asks for. */
export function isOffered(name: MoveName, facts: MoveFacts): boolean {
  const move = moveNamed(name);
  return (
    move.from.includes(facts.status) &&
    move.needs.every((need) => ASKED_NEEDS.includes(need) || NEED_GUARDS[need](facts))
  );
}

/** The first need of the move the facts do not meet; undefined when the move may be made. */
export function unmetNeed(move: Move, facts: MoveFacts): MoveNeed | undefined {
  return move.needs.find((need) => !NEED_GUARDS[need](facts));
}

/** A status this table knows (a newer server's may not be: the web shows it as a badge). */
export function isKnownStatus(status: string): status is ApplicationStatus {
  return (APPLICATION_STATUSES as readonly string[]).includes(status);
}

export function isTerminal(status: string): status is TerminalStatus {
  return (TERMINAL_STATUSES as readonly string[]).includes(status);
}

export function isOpen(status: string): boolean {
  return (OPEN_STATUSES as readonly string[]).includes(status);
}

/** Where staff's status control may move an application from `status` (empty: show it as a badge). */
export function staffMovesFrom(status: string): readonly StaffSettableStatus[] {
  if (!isKnownStatus(status)) return [];
  return MOVES.filter((move) => move.call === 'status' && move.from.includes(status)).map(
    (move) => move.to as StaffSettableStatus,
  );
}

/** The status-route move from one status to another, if staff may make it. */
export function staffStatusMove(from: ApplicationStatus, to: ApplicationStatus): Move | undefined {
  return moveOf('status', from, to);
}

/**
 * What else happens on an application besides moves, who may do it and in which statuses: the
 * client's payout details until they say they paid, the thread at any time, staff re-issuing the
 * instructions (a longer window) while the client has not paid, and a refund of money returned on a
 * deal that ended without completing.
 */
export const DEAL_ACTIONS = {
  setPayoutDetails: { by: ['client'], in: ['PENDING', 'PROCESSING', 'WAITING_PAYMENT'] },
  message: { by: ['client', 'staff'], in: [...OPEN_STATUSES, ...TERMINAL_STATUSES] },
  reissueInstructions: { by: ['staff'], in: ['WAITING_PAYMENT'] },
  recordRefund: { by: ['staff'], in: ['REJECTED', 'CANCELLED', 'EXPIRED'] },
} as const satisfies Record<string, { by: readonly Mover[]; in: readonly ApplicationStatus[] }>;
export type DealAction = keyof typeof DEAL_ACTIONS;

export function dealActionAllowed(action: DealAction, by: Mover, status: string): boolean {
  const rule = DEAL_ACTIONS[action];
  return (rule.by as readonly Mover[]).includes(by) && (rule.in as readonly string[]).includes(status);
}

/** What the owner's order page offers (the API's `allowedActions`). */
export const CLIENT_ACTIONS = ['cancel', 'setPayoutDetails', 'markPaid', 'message', 'acceptRequote'] as const;
export type ClientAction = (typeof CLIENT_ACTIONS)[number];

/** The facts of an application the client's actions depend on besides its status. */
export interface ClientActionFacts {
  status: string;
  /** The client receives cash: no payout details to give. */
  receivesCash: boolean;
  hasPayoutDetails: boolean;
  /** The payment deadline (ISO), while instructions are out. */
  paymentDeadline: string | null;
  /** Until when staff's new quote for a late payment holds (none offered: absent or null). */
  requoteUntil?: string | null;
  now: Date;
}

/** The client's actions on an application now, as the server allows them: the moves' guards. */
export function clientActions(facts: ClientActionFacts): ClientAction[] {
  const { status } = facts;
  if (!isKnownStatus(status)) return [];
  const moveFacts: MoveFacts = {
    ...facts,
    status,
    assignedToId: null,
    createdAt: '',
    clientPaid: false,
    paymentConfirmed: false,
    payoutRecorded: false,
    payoutReversed: false,
    refunded: false,
    requoteUntil: facts.requoteUntil ?? null,
    hasInstructions: facts.paymentDeadline !== null,
    cardVerified: true,
    asked: null,
    owed: null,
    money: NO_MONEY_YET,
    actorRole: 'USER',
    input: {},
  };
  const actions: ClientAction[] = [];
  if (isOffered('cancel', moveFacts)) actions.push('cancel');
  if (!facts.receivesCash && dealActionAllowed('setPayoutDetails', 'client', status))
    actions.push('setPayoutDetails');
  if (isOffered('markPaid', moveFacts)) actions.push('markPaid');
  if (dealActionAllowed('message', 'client', status)) actions.push('message');
  if (isOffered('acceptRequote', moveFacts)) actions.push('acceptRequote');
  return actions;
}

/** What the deal panel offers staff besides the status control (the API's staff `allowedActions`). */
export const STAFF_DEAL_ACTIONS = [
  'issueInstructions',
  'reissueInstructions',
  'confirmPayment',
  'recordPayout',
  'reversePayout',
  'completeAtOffice',
  'recordRefund',
  'recalculate',
  'awaitTopUp',
  'refundExcess',
  'offerRequote',
  'closeWithDifference',
  'releaseHold',
] as const;
export type StaffDealAction = (typeof STAFF_DEAL_ACTIONS)[number];

/** Why a refund cannot be recorded now; undefined when it can. */
export type RefundRefusal = 'notInStatus' | 'alreadyRecorded' | 'nothingToRefund' | 'afterPayout';

/**
 * A refund is recorded once, in a status DEAL_ACTIONS allows, of money the client paid (or staff
 * confirmed), and never while a payout stands: refunding too would pay the client twice.
 */
export function refundRefusal(facts: MoveFacts): RefundRefusal | undefined {
  if (!dealActionAllowed('recordRefund', 'staff', facts.status)) return 'notInStatus';
  const holds = compare(heldOf(facts.money), 0) > 0;
  if (facts.refunded && !holds) return 'alreadyRecorded';
  if (!holds && !facts.clientPaid && !facts.paymentConfirmed) return 'nothingToRefund';
  if (facts.payoutRecorded) return 'afterPayout';
  return undefined;
}

/** The deal actions a staff member may take now (the actor in `facts`), by the table's guards. */
export function staffDealActions(facts: MoveFacts): StaffDealAction[] {
  const allowed: Record<StaffDealAction, boolean> = {
    issueInstructions: isOffered('issueInstructions', facts),
    reissueInstructions: dealActionAllowed('reissueInstructions', 'staff', facts.status),
    confirmPayment:
      isOffered('confirmPayment', facts) ||
      (isOffered('latePayment', facts) && !facts.refunded && compare(heldOf(facts.money), 0) === 0),
    recordPayout: isOffered('recordPayout', facts) || isOffered('payoutPart', facts),
    reversePayout: isOffered('reversePayout', facts),
    completeAtOffice: isOffered('completeAtOffice', facts),
    recordRefund: refundRefusal(facts) === undefined,
    recalculate: isOffered('recalculate', facts),
    awaitTopUp: isOffered('awaitTopUp', facts),
    refundExcess: isOffered('refundExcess', facts),
    offerRequote: isOffered('offerRequote', facts),
    closeWithDifference: isOffered('closeWithDifference', facts) && !isOffered('complete', facts),
    releaseHold: isOffered('releaseHold', facts) || isOffered('releaseHoldToResolve', facts),
  };
  return STAFF_DEAL_ACTIONS.filter((action) => allowed[action]);
}
