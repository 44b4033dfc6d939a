import type { ApplicationStatus, StaffSettableStatus } from './enums';

/**
 * The deal's lifecycle (docs/product.md §4, docs/architecture.md §7): every move an application can
 * make, who makes it and what it needs, in one table. The server checks each move against it, the
 * web offers a button only where it allows one, and the docs' table is this one.
 *
 * Forward: PENDING → PROCESSING (staff took it) → WAITING_PAYMENT (instructions issued, the
 * payment window runs) → PAID (the client says so) → CONFIRMED (the money arrived) → EXCHANGING
 * (the office pays out) → COMPLETED; cancelled, rejected or expired on the way. One step back: a
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
  /** An ADMIN's record of the money that came back: its reference and the reason. */
  | 'reversalByAdmin';

export type MoveName =
  | 'take'
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
  | 'reversePayout';

/** The call that makes a move: staff's status route, the deal's own routes, or a job. */
export type MoveCall =
  | 'status'
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
  | 'payoutReversal';

export interface Move {
  name: MoveName;
  from: readonly ApplicationStatus[];
  to: ApplicationStatus;
  by: Mover;
  call: MoveCall;
  needs: readonly MoveNeed[];
}

export const TERMINAL_STATUSES = [
  'COMPLETED',
  'CANCELLED',
  'REJECTED',
  'EXPIRED',
] as const satisfies readonly ApplicationStatus[];

/** The statuses of a deal still under way, in the order it goes through them. */
export const OPEN_STATUSES = [
  'PENDING',
  'PROCESSING',
  'WAITING_PAYMENT',
  'PAID',
  'CONFIRMED',
  'EXCHANGING',
] as const satisfies readonly ApplicationStatus[];

export const MOVES: readonly Move[] = [
  { name: 'take', from: ['PENDING'], to: 'PROCESSING', by: 'staff', call: 'status', needs: [] },
  {
    name: 'issueInstructions',
    from: ['PROCESSING'],
    to: 'WAITING_PAYMENT',
    by: 'staff',
    call: 'instructions',
    needs: ['instructions'],
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
  },
  {
    name: 'recordPayout',
    from: ['CONFIRMED'],
    to: 'EXCHANGING',
    by: 'staff',
    call: 'payout',
    needs: ['payoutReference'],
  },
  { name: 'complete', from: ['EXCHANGING'], to: 'COMPLETED', by: 'staff', call: 'status', needs: [] },
  // The spec's move stays: a deal done face to face at the office, both movements recorded at once.
  {
    name: 'completeAtOffice',
    from: ['PROCESSING'],
    to: 'COMPLETED',
    by: 'staff',
    call: 'status',
    needs: ['confirmation'],
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
    from: ['PENDING', 'PROCESSING', 'WAITING_PAYMENT', 'PAID', 'CONFIRMED'],
    to: 'REJECTED',
    by: 'staff',
    call: 'status',
    needs: ['reason'],
  },
  { name: 'expire', from: ['PENDING'], to: 'EXPIRED', by: 'system', call: 'expiryJob', needs: [] },
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
    needs: [],
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
  },
  // The payout came back (a returned card payment, USDT sent back): a movement of its own, and the
  // deal can be paid out again, or rejected and refunded.
  {
    name: 'reversePayout',
    from: ['EXCHANGING'],
    to: 'CONFIRMED',
    by: 'staff',
    call: 'payoutReversal',
    needs: ['reversalByAdmin'],
  },
];

/** The move a call makes from a status to another, if the table has one. */
export function moveOf(call: MoveCall, from: string, to?: string): Move | undefined {
  return MOVES.find(
    (move) =>
      move.call === call &&
      (move.from as readonly string[]).includes(from) &&
      (to === undefined || move.to === to),
  );
}

export function isTerminal(status: string): boolean {
  return (TERMINAL_STATUSES as readonly string[]).includes(status);
}

export function isOpen(status: string): boolean {
  return (OPEN_STATUSES as readonly string[]).includes(status);
}

/** Where staff's status control may move an application from `status` (empty: show it as a badge). */
export function staffMovesFrom(status: string): readonly StaffSettableStatus[] {
  return MOVES.filter(
    (move) => move.call === 'status' && (move.from as readonly string[]).includes(status),
  ).map((move) => move.to as StaffSettableStatus);
}

/** The status-route move from one status to another, if staff may make it. */
export function staffStatusMove(from: string, to: string): Move | undefined {
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
export const CLIENT_ACTIONS = ['cancel', 'setPayoutDetails', 'markPaid', 'message'] as const;
export type ClientAction = (typeof CLIENT_ACTIONS)[number];

/** The facts of an application the client's actions depend on besides its status. */
export interface ClientActionFacts {
  status: string;
  /** The client receives cash: no payout details to give. */
  receivesCash: boolean;
  hasPayoutDetails: boolean;
  /** The payment deadline (ISO), while instructions are out. */
  paymentDeadline: string | null;
  now: Date;
}

/** The client's actions on an application now, as the server allows them. */
export function clientActions(facts: ClientActionFacts): ClientAction[] {
  const { status } = facts;
  const actions: ClientAction[] = [];
  if (MOVES.some((move) => move.name === 'cancel' && (move.from as readonly string[]).includes(status)))
    actions.push('cancel');
  if (!facts.receivesCash && dealActionAllowed('setPayoutDetails', 'client', status))
    actions.push('setPayoutDetails');
  const markPaid = MOVES.find((move) => move.name === 'markPaid')!;
  const inWindow = facts.paymentDeadline !== null && facts.now.getTime() < Date.parse(facts.paymentDeadline);
  if (
    (markPaid.from as readonly string[]).includes(status) &&
    inWindow &&
    (facts.receivesCash || facts.hasPayoutDetails)
  )
    actions.push('markPaid');
  if (dealActionAllowed('message', 'client', status)) actions.push('message');
  return actions;
}
