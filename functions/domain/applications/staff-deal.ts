import {
  type ApplicationRecord,
  dealFieldsUpdate,
  type PaymentInstructions,
  type PayoutReversal,
  type PoolUse,
  type StaffRecord,
} from '@functions/data/applications';
import { auditPut } from '@functions/data/audit';
import { findChainUse, isSameUse } from '@functions/data/chain-uses';
import { ledgerParts } from '@functions/data/ledger';
import {
  findPaymentTemplate,
  type PaymentTemplateRecord,
  templateDealCountChange,
} from '@functions/data/payment-templates';
import {
  type TransactItem,
  Transaction,
  TransactionCancelledError,
  type TransactionPart,
} from '@functions/data/transactions';
import { findUserSummaries } from '@functions/data/user-summaries';
import type { DealActor, RecordedActor } from '@functions/domain/accounts/principal';
import type { AdminApplicationDetail } from '@shared/contract/applications';
import type {
  ChainCheck,
  ConfirmPaymentBody,
  IssueInstructionsBody,
  RecordPayoutBody,
  RecordRefundBody,
  ReversePayoutBody,
} from '@shared/contract/deal';
import { heldOf, paidOutInFull, paymentGap, payoutLeft } from '@shared/deal-money';
import type { ApplicationStatus } from '@shared/enums';
import { problemAt, ruleProblem } from '@shared/field-rules';
import {
  DEAL_ACTIONS,
  dealActionAllowed,
  endedByExpiry,
  movesFrom,
  type RefundRefusal,
  refundRefusal,
} from '@shared/lifecycle';
import { compare, decimal, subtract } from '@shared/money';
import { templateFits, templateText } from '@shared/payment-templates';
import { normalizedTxHash, TRON_TX_HASH } from '@shared/payout-details';
import { comparableName } from '@shared/verification';
import { payoutMismatchItems } from '../chain/chain-events';
import { completeMatchedPayout } from '../chain/confirmation';
import { officeWallets } from '../chain/wallets';
import { closedDayRefusal } from '../ledger/entries';
import { PaymentTemplateChangedMeanwhile } from '../payment-templates/errors';
import {
  alertIfNearLimit,
  isPooled,
  POOL_PARTS,
  type PoolPeriods,
  pickReceivingDetail,
  poolMoveParts,
  poolPeriods,
  poolTake,
} from '../payment-templates/pool';
import { settingValue } from '../settings/settings';
import { getAdminApplication } from './admin-actions';
import { checkUsdtTransaction } from './chain-check';
import { arrivalMove, askedOf, decimalText, moneyOf } from './deal-money';
import { claimPart, clientHashCheck, paysUsdt, readRace, receivesUsdt, usedRefusal } from './deal-support';
import {
  ApplicationChangedMeanwhile,
  ApplicationRulesBroken,
  ChainTransactionUsed,
  InstructionsTextRequired,
  NothingToRefund,
  PayoutAlreadyReversed,
  RefundAfterPayout,
  RefundAlreadyRecorded,
  RefundNotAllowed,
  TemplateRefused,
} from './errors';
import { ownerMailItem } from './mails';
import { movement, withMoney } from './movements';
import { collectOfficeOf, payToOf } from './pay-to';
import { payableAmountReleaseItem, uniquePayableAmount } from './payable-amount';
import { moveFacts, perform, requireMovable } from './perform';
import { assertMayRefund, findForStaff } from './staff-access';

/*
 * The staff's side of the deal (docs/product.md §4 "The deal", docs/architecture.md §7): the
 * instructions, the money confirmed, the payout, a refund and a payout that came back. Every move is
 * checked against shared/lifecycle.ts and made by perform.ts, so it lands in the history with
 * what it carried; the money it confirms is a movement (the admin transaction history) in the same
 * transaction.
 */

/** A template for the instructions: chosen by staff, picked from the pool by the system, or none. */
interface TemplateChoice {
  template: PaymentTemplateRecord | null;
  picked: boolean;
}

/**
 * The template of an application's instructions. Chosen by staff: it must exist, fit what the
 * client pays with (shared/payment-templates.ts, the rule the form's picker offers by) and not be
 * paused. Not chosen: on a reissue the one already told, else the pool's pick (pool.ts) among
 * the fitting details in rotation with room, skipping `passedOver`; none in rotation fits: no
 * template (the text says it all), except for USDT, whose wallet and amount the client is told.
 */
async function templateFor(
  application: ApplicationRecord,
  templateId: string | undefined,
  periods: PoolPeriods,
  passedOver: ReadonlySet<string>,
): Promise<TemplateChoice> {
  const chosenId = templateId ?? application.instructions?.templateId ?? undefined;
  if (chosenId) {
    const template = await findPaymentTemplate(chosenId);
    if (!template) throw new TemplateRefused('templateNotFound');
    if (!templateFits(template, application))
      throw new TemplateRefused(paysUsdt(application) ? 'usdtTemplateRequired' : 'templateDoesNotFit');
    // The one already told stays, paused or not: a pause stops new deals, not this one's.
    const told = chosenId === application.instructions?.templateId;
    if (isPooled(template) && template.availability === 'paused' && !told)
      throw new TemplateRefused('receivingDetailPaused');
    return { template, picked: false };
  }
  const pick = await pickReceivingDetail(application, periods, passedOver);
  if (pick === 'full') throw new TemplateRefused('noReceivingDetailFree');
  if (pick === 'none') {
    if (paysUsdt(application)) throw new TemplateRefused('usdtTemplateRequired');
    return { template: null, picked: false };
  }
  return { template: pick, picked: true };
}

/**
 * What a change of instructions' template writes besides them: the deal stops using the old
 * template (its deal count and pool count given back) and starts using the new one (a pooled
 * one's take, conditional on its limits and pause; an office's deal count); nothing when it stays.
 */
function templateUseParts(
  previous: PaymentInstructions | null,
  choice: TemplateChoice,
  application: ApplicationRecord,
  periods: PoolPeriods,
  at: string,
): { parts: TransactionPart[]; poolUse: PoolUse | null } {
  const before = previous?.templateId ?? null;
  const after = choice.template;
  if (before === (after?.id ?? null)) return { parts: [], poolUse: previous?.poolUse ?? null };
  const parts: TransactionPart[] = before
    ? [
        { name: 'templateReleased', item: templateDealCountChange(before, -1) },
        ...poolMoveParts(previous?.poolUse, -1).map((part) => ({ ...part, name: `${part.name}Released` })),
      ]
    : [];
  if (!after) return { parts, poolUse: null };
  if (!isPooled(after)) {
    parts.push({ name: 'templateUsed', item: templateDealCountChange(after.id, 1) });
    return { parts, poolUse: null };
  }
  const take = poolTake(after, application, periods, at);
  return { parts: [...parts, ...take.parts], poolUse: take.poolUse };
}

/** Attempts at a pick while other instructions take the same details at once (each passes over those). */
const PICK_ATTEMPTS = 6;

/**
 * POST /admin/applications/{id}/instructions: from PROCESSING, staff issue the payment
 * instructions and the payment window starts (the setting paymentWindowMinutes, or the minutes
 * given for this application); the quote lock holds until the deadline. In WAITING_PAYMENT they
 * are issued again, and the deadline only ever moves later. The receiving detail is the one staff
 * chose or the pool's pick: when a picked one was taken to its limit meanwhile (the take's
 * condition failed), the next is picked.
 */
export async function issueInstructions(
  id: string,
  body: IssueInstructionsBody,
  actor: DealActor,
  now = new Date(),
): Promise<AdminApplicationDetail> {
  const application = await findForStaff(id, actor);
  const reissue = dealActionAllowed('reissueInstructions', 'staff', application.status);
  if (!reissue)
    requireMovable(
      { move: 'issueInstructions', application, actor, input: { instructions: body.text ?? '' } },
      now,
    );
  const periods = await poolPeriods(now);
  const passedOver = new Set<string>();
  for (let attempt = 1; ; attempt += 1) {
    const choice = await templateFor(application, body.templateId, periods, passedOver);
    try {
      await writeInstructions(application, choice, body, { actor, periods, reissue }, now);
    } catch (error) {
      if (!(error instanceof TransactionCancelledError)) throw error;
      const poolFailed = POOL_PARTS.some((part) => error.failedOn(part));
      if (choice.picked && attempt < PICK_ATTEMPTS && (poolFailed || !error.conditionFailed)) {
        if (poolFailed) passedOver.add(choice.template!.id);
        continue;
      }
      if (choice.template && poolFailed) throw await poolRefusal(error, choice.template.id);
      throw await readRace(error, application);
    }
    if (choice.template && isPooled(choice.template)) await alertIfNearLimit(choice.template, periods, now);
    return getAdminApplication(id, actor, now);
  }
}

/** Why a chosen detail's take failed: paused meanwhile, full, or edited meanwhile. */
async function poolRefusal(error: TransactionCancelledError, templateId: string) {
  if (error.failedOn('poolDay') || error.failedOn('poolMonth'))
    return new TemplateRefused('receivingDetailFull');
  const template = await findPaymentTemplate(templateId);
  if (!template) return new TemplateRefused('templateNotFound');
  return isPooled(template) && template.availability === 'paused'
    ? new TemplateRefused('receivingDetailPaused')
    : new PaymentTemplateChangedMeanwhile();
}

/**
 * The instructions written with their template's use (and, on a reissue, their audit entry and
 * the client's mail); a failed condition is thrown as it is, for the caller to read.
 */
async function writeInstructions(
  application: ApplicationRecord,
  choice: TemplateChoice,
  body: IssueInstructionsBody,
  context: { actor: RecordedActor; periods: PoolPeriods; reissue: boolean },
  now: Date,
): Promise<void> {
  const { actor, periods, reissue } = context;
  const { template } = choice;
  const text = body.text || (template ? templateText(template) : '');
  if (!text) throw new InstructionsTextRequired();
  const windowMinutes = body.paymentWindowMinutes ?? (await settingValue('paymentWindowMinutes'));
  const windowEnd = now.getTime() + windowMinutes * 60_000;
  const previousDeadline = application.paymentDeadline ? Date.parse(application.paymentDeadline) : 0;
  const deadline = new Date(Math.max(windowEnd, previousDeadline)).toISOString();
  const at = now.toISOString();
  const previous = application.instructions ?? null;
  const use = templateUseParts(previous, choice, application, periods, at);
  const instructionParts = use.parts.map(({ name, item }) => [name, item] as [string, TransactItem]);
  const instructions: PaymentInstructions = {
    text,
    templateId: template?.id ?? null,
    accountId: template?.accountId ?? null,
    issuedAt: at,
    issuedBy: actor.id,
    windowMinutes,
    deadline,
    payTo: payToOf(template),
    collectAt: await collectOfficeOf(application),
    poolUse: use.poolUse,
    crypto:
      template?.kind === 'usdt' && application.amountFrom !== null
        ? {
            address: template.address,
            ...(await uniquePayableAmount({
              wallet: template.address,
              amount: application.amountFrom,
              applicationId: application.id,
              heldUntil: deadline,
              keep:
                previous?.crypto?.address === template.address
                  ? {
                      amount: String(previous.crypto.amount),
                      since: previous.crypto.since ?? previous.issuedAt,
                    }
                  : null,
              now,
            })),
          }
        : null,
  };
  // Told another wallet now: the amount on the old one is released, kept for its late payment.
  const movedOff =
    previous?.crypto && previous.crypto.address !== instructions.crypto?.address
      ? await payableAmountReleaseItem(application.id, previous.crypto, now)
      : null;
  if (movedOff) instructionParts.push(['payableAmountReleased', movedOff]);
  const rate =
    application.rate && (!application.rate.lockedUntil || application.rate.lockedUntil < deadline)
      ? { ...application.rate, lockedUntil: deadline }
      : undefined;
  const details = { deadline, windowMinutes, templateId: instructions.templateId };
  if (!reissue) {
    await perform(
      {
        move: 'issueInstructions',
        application,
        actor,
        input: { instructions: instructions.text },
        write: {
          auditDetails: details,
          fields: { instructions, paymentDeadline: deadline, ...(rate ? { rate } : {}) },
          details,
          parts: instructionParts,
        },
      },
      now,
    );
    return;
  }
  const next: ApplicationRecord = {
    ...application,
    instructions,
    paymentDeadline: deadline,
    ...(rate ? { rate } : {}),
  };
  const owner = (await findUserSummaries([application.userId])).get(application.userId);
  const transaction = new Transaction()
    .add(
      'instructions',
      dealFieldsUpdate(
        application,
        { instructions, paymentDeadline: deadline, ...(rate ? { rate } : {}) },
        DEAL_ACTIONS.reissueInstructions.in,
        at,
      ),
    )
    .add(
      'audit',
      auditPut({
        actorId: actor.id,
        actorRole: actor.role,
        action: 'application.instructions',
        targetType: 'application',
        targetId: application.id,
        before: { deadline: application.paymentDeadline },
        after: details,
        at: now,
      }),
    );
  for (const [name, item] of instructionParts) transaction.add(name, item);
  if (owner) transaction.add('mail', await ownerMailItem('status', next, owner, now));
  await transaction.run();
}

/**
 * The next part of a payment in or out is entered on what the staff member saw recorded: when
 * another part was recorded since (two staff counting the same money), theirs is refused.
 */
function requireSeen(seen: string | undefined, recorded: string) {
  if (seen !== undefined && compare(seen, recorded) !== 0) throw new ApplicationChangedMeanwhile();
}

/**
 * POST /admin/applications/{id}/confirm-payment: money arrived, as staff counted it (card and
 * cash: the amount they enter, pre-filled with what is asked; USDT: the chain's amount of the
 * client's hash when it paid this deal). Recorded as the next part of the payment in. All that was
 * asked has arrived: CONFIRMED (from PAID, or straight from WAITING_PAYMENT when it came before the
 * client pressed). Otherwise the deal is PAID and shows the difference for staff to resolve
 * (payment-resolution.ts); money for a deal that expired opens it again as a late payment.
 */
export async function confirmPayment(
  id: string,
  body: ConfirmPaymentBody,
  actor: DealActor,
  now = new Date(),
): Promise<AdminApplicationDetail> {
  const application = await findForStaff(id, actor);
  const late = endedByExpiry(application.status);
  requireMovable({ move: late ? 'latePayment' : 'confirmPayment', application, actor }, now);
  requireSeen(body.seenReceived, moneyOf(application).received);
  const at = now.toISOString();
  const note = body.note || null;
  const { txHash, claimed, sent, afterDeadline } = await confirmationHash(application, now);
  const reference = txHash ?? application.clientPaid?.receiptId ?? note;
  const written = await movement(application, 'in', {
    staffId: actor.id,
    at,
    reference,
    note,
    late: late || afterDeadline,
    ...((sent ?? body.amount) ? { amount: sent ?? body.amount } : {}),
  });
  const gap = paymentGap(written.money, askedOf(application));
  const move = arrivalMove(application, written.money, 'staff');
  const payer = payerNameCheck(application, body.payerName);
  const paymentConfirmation: StaffRecord = { at, by: actor.id, txHash, note, ...payer };
  try {
    await perform(
      {
        move,
        application,
        actor,
        write: {
          fields: { money: written.money, ...(move === 'confirmPayment' ? { paymentConfirmation } : {}) },
          // The history names the payer, and the mismatch only when there is one.
          details: {
            note,
            received: written.money.received,
            gap,
            ...(payer.payerName ? { payerName: payer.payerName } : {}),
            ...(payer.payerNameMismatch ? { payerNameMismatch: true } : {}),
          },
          ...withMoney(written, [
            ...(claimed && txHash ? [claimPart('payment', id, txHash, actor.id, now)] : []),
          ]),
        },
      },
      now,
    );
  } catch (error) {
    if (error instanceof TransactionCancelledError && error.failedOn('chainUse'))
      throw await usedRefusal(txHash!);
    throw await readRace(error, application);
  }
  return getAdminApplication(id, actor, now);
}

/**
 * The payer's name staff entered, and whether it differs (case, spacing and initials' dots aside)
 * from the holder of the deal's verified payer card: the deal says so, it does not refuse.
 */
function payerNameCheck(
  application: ApplicationRecord,
  payerName: string | undefined,
): { payerName?: string; payerNameMismatch?: boolean } {
  if (!payerName) return {};
  const card = application.payerCard;
  if (!card?.verified) return { payerName };
  return { payerName, payerNameMismatch: comparableName(payerName) !== comparableName(card.holder) };
}

/**
 * The client's hash as the reference of staff's confirmation. A USDT one is read on chain again
 * unless it was read final already, and is this deal's payment (claimed with the confirmation) only
 * when it paid the deal's wallet, after the instructions, was used for nothing else and came from
 * no blacklisted sender — of the amount asked or not, in the window or late (staff judge that).
 * Otherwise it is left out: staff confirm on what they saw, never on that hash.
 */
async function confirmationHash(
  application: ApplicationRecord,
  now: Date,
): Promise<{ txHash: string | null; claimed: boolean; sent: string | null; afterDeadline: boolean }> {
  const none = { txHash: null, claimed: false, sent: null, afterDeadline: false };
  const txHash = application.clientPaid?.txHash ?? null;
  if (!txHash || !paysUsdt(application)) return { ...none, txHash };
  // A hash already counted in the deal's money is not a part again.
  if (moneyOf(application).partsIn > 0) return none;
  const known = application.clientPaid?.chainCheck;
  const check =
    known && known.state !== 'unverified' ? known : await clientHashCheck(application, txHash, now);
  const paysThisDeal =
    check?.state === 'matched' ||
    (check?.state === 'mismatch' && (check.reason === 'wrongAmount' || check.reason === 'afterDeadline'));
  if (!paysThisDeal) return none;
  // The chain's amount is what arrived: the amount told when it matched, else what it moved.
  const told = application.instructions?.crypto?.amount;
  return {
    txHash,
    claimed: true,
    sent: check.sent ?? (told === undefined ? null : String(told)),
    afterDeadline: check.reason === 'afterDeadline',
  };
}

/**
 * POST /admin/applications/{id}/payout: the office pays out (CONFIRMED → EXCHANGING), or another
 * part of it (EXCHANGING while less than owed went out), with the payout's transaction hash or a
 * note; recorded as the next movement out, of what really went: a USDT hash's amount on chain,
 * else what staff typed, else what is left to pay out.
 */
export async function recordPayout(
  id: string,
  body: RecordPayoutBody,
  actor: DealActor,
  now = new Date(),
): Promise<AdminApplicationDetail> {
  const application = await findForStaff(id, actor);
  const move = movesFrom('payoutPart', application.status) ? 'payoutPart' : 'recordPayout';
  requireMovable({ move, application, actor, input: { payoutReference: body.txHash || body.note } }, now);
  requireSeen(body.seenPaidOut, moneyOf(application).paidOut);
  const at = now.toISOString();
  const txHash = body.txHash ? normalizedTxHash(body.txHash) : null;
  const note = body.note || null;
  const left = payoutLeft(moneyOf(application), application.amountTo);
  const expected = body.amount ?? decimalText(left);
  const chainCheck = await payoutHashCheck(application, txHash, expected, now);
  // A transaction that already paid, paid out or refunded something is never this payout.
  if (txHash && chainCheck?.reason === 'alreadyUsed') throw await usedRefusal(txHash);
  const claim =
    txHash && chainCheck && isThisPayout(chainCheck) ? [claimPart('payout', id, txHash, actor.id, now)] : [];
  // On chain, what the transaction moved is what went out.
  const sent =
    chainCheck?.state === 'mismatch' && chainCheck.reason === 'wrongAmount' ? chainCheck.sent : undefined;
  const written = await movement(application, 'out', {
    staffId: actor.id,
    at,
    reference: txHash ?? note,
    note,
    amount: sent ?? expected,
  });
  let exchanging: ApplicationRecord;
  try {
    exchanging = await perform(
      {
        move,
        application,
        actor,
        input: { payoutReference: txHash ?? note },
        write: {
          fields: {
            money: written.money,
            payout: { at, by: actor.id, txHash, note, ...(chainCheck ? { chainCheck } : {}) },
          },
          details: { txHash, note, amount: sent ?? expected },
          ...withMoney(written, [
            ...claim,
            // Staff hear of a payout the chain does not bear out, live and in the group.
            ...(txHash && chainCheck?.state === 'mismatch'
              ? await payoutMismatchItems(application, txHash, chainCheck, now)
              : []),
          ]),
        },
      },
      now,
    );
  } catch (error) {
    if (error instanceof TransactionCancelledError && error.failedOn('chainUse'))
      throw await usedRefusal(txHash!);
    throw await readRace(error, application);
  }
  if (chainCheck?.state === 'matched' && paidOutInFull(written.money, application.amountTo))
    await completeMatchedPayout(exchanging, now);
  return getAdminApplication(id, actor, now);
}

/**
 * Whether a payout's hash, as the chain reads it, is this deal's payout (claimed with it): it paid
 * the client from the office, maybe not the amount owed, or it cannot be read yet. One that moved
 * no USDT, failed, or went between other addresses is recorded as staff typed it and flagged, but
 * never takes the transaction from its real use.
 */
const isThisPayout = (check: ChainCheck) =>
  check.state !== 'mismatch' || check.reason === 'wrongAmount' || check.reason === 'notFound';

/**
 * A USDT payout's hash read on chain against the client's address and the amount of this part, sent
 * from one of the office's wallets after the application was made, and used for nothing else; null
 * when there is nothing to check (no hash, or the client does not receive USDT at an address). A
 * transaction nobody knows is a mismatch here: staff say they sent it.
 */
async function payoutHashCheck(
  application: ApplicationRecord,
  txHash: string | null,
  amount: string,
  now: Date,
): Promise<ChainCheck | null> {
  const details = application.payoutDetails;
  if (!txHash || details?.kind !== 'address' || application.amountTo === null || !receivesUsdt(application))
    return null;
  return checkUsdtTransaction(
    txHash,
    {
      to: details.address,
      amount,
      senders: (await officeWallets()).map((wallet) => wallet.address),
      notBefore: Date.parse(application.createdAt),
    },
    { unknownIsMismatch: true, use: { purpose: 'payout', applicationId: application.id } },
    now,
  );
}

/**
 * The network fee kept of a refund, when staff name one: only of USDT (the fee is the chain's),
 * and less than what the deal holds; null when none.
 */
async function refundFee(application: ApplicationRecord, fee: string | undefined) {
  if (!fee || compare(fee, 0) === 0) return null;
  if (!paysUsdt(application))
    throw new ApplicationRulesBroken([problemAt('networkFee', ruleProblem('networkFeeOnlyUsdt'))]);
  if (compare(fee, heldOf(moneyOf(application))) >= 0)
    throw new ApplicationRulesBroken([problemAt('networkFee', ruleProblem('networkFeeAboveHeld'))]);
  return decimal(fee);
}

/** The refusal of each reason the lifecycle gives for no refund now. */
const REFUND_REFUSALS: { readonly [refusal in RefundRefusal]: (status: ApplicationStatus) => Error } = {
  notInStatus: (status) => new RefundNotAllowed(status),
  alreadyRecorded: () => new RefundAlreadyRecorded(),
  nothingToRefund: () => new NothingToRefund(),
  // Money went out already: refunding too would pay the client twice, unless the payout came back.
  afterPayout: () => new RefundAfterPayout(),
};

/**
 * POST /admin/applications/{id}/refund: staff returned the client's money on a deal that ended
 * without completing (rejected or cancelled after the client paid); once, with its reference.
 */
export async function recordRefund(
  id: string,
  body: RecordRefundBody,
  actor: DealActor,
  now = new Date(),
): Promise<AdminApplicationDetail> {
  assertMayRefund(actor);
  const application = await findForStaff(id, actor);
  const refusal = refundRefusal(moveFacts(application, actor, {}, now));
  if (refusal) throw REFUND_REFUSALS[refusal](application.status);
  const at = now.toISOString();
  const note = body.note || null;
  // A refund in USDT names its transaction: claimed as a refund, it can pay nothing else.
  const txHash =
    paysUsdt(application) && TRON_TX_HASH.test(body.reference) ? normalizedTxHash(body.reference) : null;
  if (txHash) {
    const use = await findChainUse(txHash);
    if (use && !isSameUse(use, { purpose: 'refund', applicationId: id }))
      throw new ChainTransactionUsed(use.purpose);
  }
  const refund: StaffRecord = { at, by: actor.id, txHash, note: body.reference };
  const withheldFee = await refundFee(application, body.networkFee);
  const refunded = await movement(application, 'refund', {
    staffId: actor.id,
    at,
    reference: body.reference,
    note,
    destination: body.destination ?? null,
    ...(withheldFee ? { amount: subtract(heldOf(moneyOf(application)), withheldFee), withheldFee } : {}),
  });
  const transaction = new Transaction()
    .add(
      'refund',
      dealFieldsUpdate(application, { refund, money: refunded.money }, DEAL_ACTIONS.recordRefund.in, at),
    )
    .add(
      'audit',
      auditPut({
        actorId: actor.id,
        actorRole: actor.role,
        action: 'application.refund',
        targetType: 'application',
        targetId: id,
        before: null,
        after: {
          reference: body.reference,
          note,
          destination: body.destination ?? null,
          networkFee: withheldFee ? decimalText(withheldFee) : null,
        },
        at: now,
      }),
    );
  for (const [name, item] of refunded.parts) transaction.add(name, item);
  transaction.addParts(ledgerParts(refunded.entries));
  if (txHash) transaction.add(...claimPart('refund', id, txHash, actor.id, now));
  try {
    await transaction.run();
  } catch (error) {
    if (error instanceof TransactionCancelledError && error.failedOn('movement:refund'))
      throw new RefundAlreadyRecorded();
    if (error instanceof TransactionCancelledError && error.failedOn('chainUse'))
      throw await usedRefusal(txHash!);
    if (error instanceof TransactionCancelledError && error.failedOn('refund')) {
      throw new ApplicationChangedMeanwhile();
    }
    throw closedDayRefusal(error, refunded.entries) ?? error;
  }
  return getAdminApplication(id, actor, now);
}

/**
 * POST /admin/applications/{id}/payout-reversal: an ADMIN records that a payout came back (a card
 * payment returned, a transfer the client sent back), EXCHANGING → CONFIRMED. The money back is a
 * movement of its own; the payout stays in the deal's record as reversed, and the deal may be paid
 * out again or rejected and refunded. Once per deal.
 */
export async function reversePayout(
  id: string,
  body: ReversePayoutBody,
  actor: DealActor,
  now = new Date(),
): Promise<AdminApplicationDetail> {
  const application = await findForStaff(id, actor);
  requireMovable({ move: 'reversePayout', application, actor }, now);
  const at = now.toISOString();
  const payoutReversal: PayoutReversal = {
    at,
    by: actor.id,
    reference: body.reference,
    reason: body.reason,
    // The move's need payoutStands: checked above.
    payout: application.payout!,
  };
  const reversal = await movement(application, 'reversal', {
    staffId: actor.id,
    at,
    reference: body.reference,
    note: body.reason,
    accountId: application.payout?.accountId ?? null,
  });
  try {
    await perform(
      {
        move: 'reversePayout',
        application,
        actor,
        write: {
          auditDetails: { reference: body.reference, reason: body.reason },
          fields: { payout: null, payoutReversal, money: reversal.money },
          details: { reference: body.reference, reason: body.reason },
          ...withMoney(reversal, []),
        },
      },
      now,
    );
  } catch (error) {
    if (error instanceof TransactionCancelledError && error.failedOn('movement:reversal'))
      throw new PayoutAlreadyReversed();
    throw await readRace(error, application);
  }
  return getAdminApplication(id, actor, now);
}
