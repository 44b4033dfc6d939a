import { MOVES, type MoveCall, type MoveName, type MoveNeed } from '@shared/lifecycle';

/**
 * docs/product.md §4's table of moves, written from the lifecycle (shared/lifecycle.ts) by
 * `npm run docs:api`; test/unit/lifecycle-doc.test.ts fails while the page and the table differ.
 * The words live here, not in the table the web bundles; each record must name every move, call
 * and need the table has (the types require it), so a new one cannot be left undocumented.
 */

export const LIFECYCLE_START = '<!-- lifecycle:start (npm run docs:api writes this block) -->';
export const LIFECYCLE_END = '<!-- lifecycle:end -->';

/** Each move's name on the page and what it does besides its needs (`—` when nothing). */
const MOVE_WORDS: { readonly [name in MoveName]: { label: string; effect?: string } } = {
  take: { label: 'take' },
  takeFromAlert: { label: 'take in Telegram', effect: 'assigns the taker' },
  issueInstructions: {
    label: 'issue instructions',
    effect: 'a template may start the text; the window starts',
  },
  markPaid: { label: 'I have paid', effect: 'optional tx hash or receipt' },
  confirmPayment: {
    label: 'confirm payment',
    effect: 'records the money in as staff enter it; all that was asked has now arrived',
  },
  paymentPart: {
    label: 'a part of the payment',
    effect: 'records the money in; what arrived differs from what was asked (short or over)',
  },
  latePayment: { label: 'money for an expired deal', effect: 'records the money in, marked late' },
  recalculate: {
    label: 'recalculate to what arrived',
    effect:
      "the deal's amounts become what arrived, at its own rate, if above the minimum; the client is told",
  },
  awaitTopUp: {
    label: 'wait for the rest',
    effect:
      'the client sees what is missing; the window is `topUpWindowMinutes` (USDT: a new payable amount)',
  },
  refundExcess: { label: 'refund the excess', effect: 'records the refund of what arrived above the amount' },
  offerRequote: {
    label: 'offer a new quote',
    effect: 'the current rate for what arrived, held `quoteLockMinutes`; the client is told',
  },
  acceptRequote: { label: 'accept the new quote', effect: "the deal's amounts become the quote's" },
  recordPayout: { label: 'record payout', effect: 'records the money out' },
  payoutPart: { label: 'another part of the payout', effect: 'records the money out' },
  complete: { label: 'complete', effect: 'reserves move' },
  closeWithDifference: {
    label: 'close with a difference',
    effect: 'books owed less paid out as an adjustment; reserves move',
  },
  completeAtOffice: { label: 'complete at the office', effect: 'both movements "recorded at completion"' },
  cancel: { label: 'cancel' },
  staffCancel: { label: 'cancel (staff)' },
  reject: {
    label: 'reject',
    effect: 'shown to the client; not once a payout is recorded (its refund would pay twice)',
  },
  expire: { label: 'expire' },
  expirePayment: { label: 'expire unpaid', effect: 'within two minutes of the deadline' },
  chainSeenPayment: {
    label: 'USDT seen on chain',
    effect: "a transfer of exactly the payable amount to the deal's wallet, within the window",
  },
  chainFinalPayment: {
    label: 'USDT final on chain',
    effect: 'that transfer final (solidified); records the money in, the confirmation time',
  },
  chainCompletePayout: {
    label: 'USDT payout verified',
    effect:
      "staff's USDT payout hash, final on chain, pays the client's address the receive amount; reserves move",
  },
  chainPaymentPart: {
    label: 'USDT part final on chain',
    effect: 'a transfer staff attached, or a top-up, final: records the money in; the rest differs',
  },
  chainLatePayment: {
    label: 'USDT for an expired deal',
    effect: 'a late transfer staff attached, final: records the money in, marked late',
  },
  reversePayout: { label: 'payout came back', effect: 'records the money back' },
  holdPayment: {
    label: 'hold the payment',
    effect:
      "a final USDT payment the AML check scores above `amlRiskThreshold` or could not score, or from a blacklisted sender: records the money in, the hold's reason, score and signals",
  },
  releaseHold: { label: 'release the hold', effect: 'staff checked the funds; the payment is confirmed' },
  releaseHoldToResolve: {
    label: 'release the hold (wrong payment)',
    effect: 'staff checked the funds; the difference is resolved as any wrong payment',
  },
};

/** Where each call comes from. */
const CALL_WORDS: { readonly [call in MoveCall]: string } = {
  status: 'status route',
  telegramTake: 'Take in the staff group',
  instructions: '`POST …/instructions`',
  paid: '`POST …/paid`',
  confirmPayment: '`POST …/confirm-payment`',
  payout: '`POST …/payout`',
  cancel: '`POST …/cancel`',
  expiryJob: 'job every 15 min',
  paymentExpiryJob: 'job every minute',
  chainCheck: '`POST …/payout`',
  chainWatcher: 'chain watcher',
  payoutReversal: '`POST …/payout-reversal`',
  paymentResolution: '`POST …/payment-resolution`',
  requoteAccept: '`POST …/requote/accept`',
  close: '`POST …/close`',
  holdRelease: '`POST …/hold-release`',
};

/** What each need asks, as the page says it. */
const NEED_WORDS: { readonly [need in MoveNeed]: string } = {
  reason: 'a reason',
  instructions: "the instructions' text",
  payoutDetails: 'payout details given (unless cash)',
  withinPaymentWindow: 'before the deadline',
  pastPaymentDeadline: 'the deadline passed with no "I have paid"',
  payoutReference: 'a tx hash or a note',
  confirmation: 'the admin UI confirms first',
  byAdmin: 'an ADMIN',
  closingReason: 'the reason',
  instructionsIssued: 'instructions were issued',
  paidOtherAmount: 'what arrived differs from what was asked',
  paidShort: 'less arrived than was asked',
  paidOver: 'more arrived than was asked',
  paidInTime: 'every part arrived in the window',
  paidLate: 'a part arrived after the window',
  requoteOffered: 'a new quote offered, still held',
  payoutShort: 'less than owed paid out so far',
  paidOutInFull: 'paid out equals what is owed',
  unassigned: 'nobody has it',
  cardVerified: "the client's card verified, where the direction asks for it",
  olderThanExpiry: 'older than `applicationExpiryHours`',
  payoutStands: 'a payout recorded',
  notReversedBefore: 'once per deal',
  paidAsAsked: 'all that was asked arrived in the window',
  paidOtherwise: 'what arrived differs from what was asked, or came late',
};

/** The markdown of §4's table of moves, markers included, indented as the list item it is in. */
export function lifecycleTable(): string {
  const rows = MOVES.map((move) => {
    const words = MOVE_WORDS[move.name];
    const needs = [...move.needs.map((need) => NEED_WORDS[need]), ...(words.effect ? [words.effect] : [])];
    return `| ${words.label} | ${move.from.join(', ')} | ${move.to} | ${move.by} | ${CALL_WORDS[move.call]} | ${needs.join('; ') || '—'} |`;
  });
  return [
    LIFECYCLE_START,
    '',
    '| Move | From | To | Who | By | Needs |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    LIFECYCLE_END,
  ]
    .map((line) => (line ? `  ${line}` : line))
    .join('\n');
}

/** The page with its §4 block replaced by `table`; throws when the markers are missing. */
export function withLifecycleTable(page: string, table: string): string {
  const start = page.indexOf(LIFECYCLE_START);
  const end = page.indexOf(LIFECYCLE_END);
  if (start < 0 || end < start) throw new Error('docs/product.md has no lifecycle markers in §4');
  const lineStart = page.lastIndexOf('\n', start) + 1;
  return page.slice(0, lineStart) + table + page.slice(end + LIFECYCLE_END.length);
}
