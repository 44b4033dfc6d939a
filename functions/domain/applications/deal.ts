import { logger } from '@functions/commons/logger';
import {
  type ApplicationRecord,
  type ClientPaid,
  dealFieldsUpdate,
  findApplication,
  findApplicationWithHistory,
  type PaymentInstructions,
  type PayoutDetails,
  type PayoutReversal,
  type StaffRecord,
} from '@functions/data/applications';
import { findAttachments } from '@functions/data/attachments';
import { auditPut } from '@functions/data/audit';
import { type ChainUsePurpose, chainUseClaim, findChainUse, isSameUse } from '@functions/data/chain-uses';
import { findPaymentTemplate, templateDealCountChange } from '@functions/data/payment-templates';
import { type TransactItem, Transaction, TransactionCancelledError } from '@functions/data/transactions';
import { isBlacklisted } from '@functions/data/tron';
import { findUserSummaries } from '@functions/data/user-summaries';
import type { RecordedActor } from '@functions/domain/accounts/principal';
import { parseAssetKey } from '@shared/assets';
import type { AdminApplicationDetail, ApplicationDetail } from '@shared/contract/applications';
import type {
  ChainCheck,
  ConfirmPaymentBody,
  IssueInstructionsBody,
  MarkPaidBody,
  PayoutDetailsBody,
  RecordPayoutBody,
  RecordRefundBody,
  ReversePayoutBody,
} from '@shared/contract/deal';
import type { ApplicationStatus } from '@shared/enums';
import { fieldError } from '@shared/field-rules';
import { DEAL_ACTIONS, dealActionAllowed, type MoveCall, moveOf } from '@shared/lifecycle';
import { templateFits } from '@shared/payment-templates';
import { normalizedTxHash, payoutKindOf, TRON_TX_HASH } from '@shared/payout-details';
import { confirmPaymentOnChain, SYSTEM_ACTOR } from '../chain/confirmation';
import { officeWallets } from '../chain/wallets';
import { settingValue } from '../settings/settings';
import { staffAlertItems } from '../telegram/outgoing';
import { getAdminApplication } from './admin-actions';
import { checkUsdtTransaction } from './chain-check';
import {
  AlreadyInStatus,
  ApplicationChangedMeanwhile,
  ApplicationNotFound,
  ApplicationRulesBroken,
  ChainTransactionUsed,
  NothingToRefund,
  OwnApplication,
  PaymentWindowClosed,
  PayoutAddressBlacklisted,
  PayoutAlreadyReversed,
  PayoutDetailsLocked,
  PayoutDetailsMissing,
  PayoutDetailsNotTaken,
  ReceiptNotFound,
  RefundAfterPayout,
  RefundAlreadyRecorded,
  RefundNotAllowed,
  StatusMovedMeanwhile,
  TemplateRefused,
  TransitionNotAllowed,
} from './errors';
import { ownerMailItem } from './mails';
import { movement } from './movements';
import { payableAmountReleaseItem, uniquePayableAmount } from './payable-amount';
import { applyStatusChange, StatusChangedError } from './status-change';
import { toApplicationDetail } from './views';

/*
 * The deal on the site (docs/product.md §4 "The deal", docs/architecture.md §7): the client gives
 * where they receive and says they paid, staff issue the instructions, confirm the money and record
 * the payout. Every move is checked against shared/lifecycle.ts and made by applyStatusChange, so
 * it lands in the history with what it carried; the money it confirms is a movement (the admin
 * transaction history) in the same transaction.
 */

/** The caller's own application; another user's id reads exactly like a missing one (404). */
async function findOwn(userId: string, id: string): Promise<ApplicationRecord> {
  const application = await findApplication(id);
  if (!application || application.userId !== userId) throw new ApplicationNotFound();
  return application;
}

/** An application staff may act on: it exists and is not their own. */
async function findForStaff(id: string, actor: RecordedActor): Promise<ApplicationRecord> {
  const application = await findApplication(id);
  if (!application) throw new ApplicationNotFound();
  if (application.userId === actor.id) throw new OwnApplication();
  return application;
}

/** The lifecycle's move for this call from the application's status, or the refusal that fits. */
function requireMove(application: ApplicationRecord, call: MoveCall, to: ApplicationStatus) {
  const move = moveOf(call, application.status, to);
  if (move) return move;
  if (application.status === to) throw new AlreadyInStatus(to);
  throw new TransitionNotAllowed(application.status, to);
}

/** The client pays, or receives, USDT: its transactions are read on chain and claimed in the register. */
const paysUsdt = (application: ApplicationRecord) =>
  parseAssetKey(application.assetFrom ?? '')?.kind === 'crypto';
const receivesUsdt = (application: ApplicationRecord) =>
  parseAssetKey(application.assetTo ?? '')?.kind === 'crypto';

/** The owner's order page: the application, its timeline, the deal so far and what they may do. */
export async function getMyApplicationDetail(
  userId: string,
  id: string,
  now = new Date(),
): Promise<ApplicationDetail> {
  const found = await findApplicationWithHistory(id);
  if (!found || found.application.userId !== userId) throw new ApplicationNotFound();
  return toApplicationDetail(found.application, found.history, now);
}

const MAX_ATTEMPTS = 3;

/**
 * PUT /applications/{id}/payout-details: a TRON address when the application pays out USDT, a card
 * number when it pays out to a card; nothing for cash. Allowed until the client says they paid;
 * written only if nobody changed the application since it was read (else read again, 3 times).
 * An address is screened against the USDT blacklist once per request: a listed one is refused; when
 * the provider fails or is slow it is kept marked not screened (staff see that), never refused.
 */
export async function setPayoutDetails(
  userId: string,
  id: string,
  body: PayoutDetailsBody,
  now = new Date(),
): Promise<ApplicationDetail> {
  let screened: boolean | undefined;
  for (let attempt = 1; ; attempt += 1) {
    const application = await findOwn(userId, id);
    const kind = payoutKindOf(application.assetTo);
    if (kind === 'none') throw new PayoutDetailsNotTaken();
    const givenKind = 'address' in body ? 'address' : 'card';
    if (givenKind !== kind) {
      throw new ApplicationRulesBroken([fieldError(givenKind, 'payoutDetailsKind', { kind })]);
    }
    if (!dealActionAllowed('setPayoutDetails', 'client', application.status)) {
      throw new PayoutDetailsLocked(application.status);
    }
    if ('address' in body && screened === undefined) {
      const listed = await isBlacklisted(body.address).catch((error: unknown) => {
        logger.warn('payout address not screened: the TRON provider failed', { error: String(error) });
        return null;
      });
      if (listed) throw new PayoutAddressBlacklisted();
      screened = listed === false;
    }
    const given: PayoutDetails =
      'address' in body
        ? { kind: 'address', address: body.address, screened: screened ?? false }
        : { kind: 'card', card: body.card };
    try {
      await new Transaction()
        .add(
          'details',
          dealFieldsUpdate(
            application,
            { payoutDetails: given },
            DEAL_ACTIONS.setPayoutDetails.in,
            now.toISOString(),
          ),
        )
        .run();
      return getMyApplicationDetail(userId, id, now);
    } catch (error) {
      if (!(error instanceof TransactionCancelledError) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

/**
 * POST /applications/{id}/paid: the client says they paid, within the payment window and with
 * their payout details given (unless they receive cash); the deadline is checked again in the
 * write itself, so a press in the window's last second and the expiry job cannot both win.
 */
export async function markPaid(
  userId: string,
  id: string,
  body: MarkPaidBody,
  now = new Date(),
): Promise<ApplicationDetail> {
  const application = await findOwn(userId, id);
  requireMove(application, 'paid', 'PAID');
  if (payoutKindOf(application.assetTo) !== 'none' && application.payoutDetails === null) {
    throw new PayoutDetailsMissing();
  }
  const { paymentDeadline } = application;
  if (!paymentDeadline || now.getTime() >= Date.parse(paymentDeadline))
    throw new PaymentWindowClosed(paymentDeadline);
  const txHash = body.txHash ? normalizedTxHash(body.txHash) : null;
  const receiptId = body.receiptId ?? null;
  if (receiptId) await requireReceipt(application, receiptId);
  const chainCheck = await clientHashCheck(application, txHash, now);
  const clientPaid: ClientPaid = {
    at: now.toISOString(),
    txHash,
    receiptId,
    ...(chainCheck ? { chainCheck } : {}),
  };
  const matched = chainCheck?.state === 'matched' && txHash !== null;
  try {
    const paid = await applyStatusChange(
      {
        application,
        from: 'WAITING_PAYMENT',
        to: 'PAID',
        actor: { id: userId, role: 'USER' },
        deadlineAfter: now.toISOString(),
        fields: { clientPaid },
        details: { txHash, receiptId },
        parts: [
          // The staff group hears of it at once, with a Take button while nobody has the deal.
          ...(await staffAlertItems(application, 'paid', now)).map((item): [string, TransactItem] => [
            'staffAlert',
            item,
          ]),
          // A hash that matched is this deal's payment from now on: no other deal may be paid with it.
          ...(matched ? [claimPart('payment', application.id, txHash, userId, now)] : []),
        ],
      },
      now,
    );
    if (matched) await confirmOnChain(paid, txHash, now);
  } catch (error) {
    if (error instanceof TransactionCancelledError && error.failedOn('chainUse'))
      throw await usedRefusal(txHash!);
    if (!(error instanceof StatusChangedError)) throw error;
    const current = await findOwn(userId, id);
    if (current.status === 'PAID') throw new AlreadyInStatus('PAID');
    if (current.status === 'WAITING_PAYMENT') throw new PaymentWindowClosed(current.paymentDeadline);
    throw new StatusMovedMeanwhile('WAITING_PAYMENT', current.status);
  }
  return getMyApplicationDetail(userId, id, now);
}

/** The claim of a USDT transaction for a use of this deal (data/chain-uses.ts), as a part of its write. */
function claimPart(
  purpose: ChainUsePurpose,
  applicationId: string,
  txId: string,
  by: string,
  now: Date,
): [string, TransactItem] {
  return ['chainUse', chainUseClaim({ txId, purpose, applicationId, by, at: now.toISOString() })];
}

/** The refusal of a transaction the register has for another use, naming that use. */
async function usedRefusal(txId: string): Promise<ChainTransactionUsed> {
  const use = await findChainUse(txId);
  return new ChainTransactionUsed(use?.purpose ?? 'payment');
}

/**
 * The client's USDT hash read on chain against the instructions' wallet and payable amount, made
 * between the time the client was first told that amount and the deadline, from a sender not on
 * the USDT blacklist, and used for nothing else; null when there is nothing to check (no hash, or
 * the client does not pay USDT to a wallet).
 */
async function clientHashCheck(
  application: ApplicationRecord,
  txHash: string | null,
  now: Date,
): Promise<ChainCheck | null> {
  const instructions = application.instructions;
  const crypto = instructions?.crypto;
  if (!txHash || !crypto || !paysUsdt(application)) return null;
  return checkUsdtTransaction(
    txHash,
    {
      to: crypto.address,
      amount: crypto.amount,
      notBefore: Date.parse(crypto.since ?? instructions.issuedAt),
      notAfter: Date.parse(instructions.deadline),
    },
    {
      unknownIsMismatch: false,
      use: { purpose: 'payment', applicationId: application.id },
      screenSender: true,
    },
    now,
  );
}

/**
 * The client's hash matched: the system confirms at once (PAID → CONFIRMED) as the watcher does
 * (chain/confirmation.ts). If that cannot happen now (staff or the watcher confirmed meanwhile), it
 * is left as it is: the client's request stands.
 */
async function confirmOnChain(application: ApplicationRecord, txHash: string, paidAt: Date): Promise<void> {
  const amount = String(application.instructions?.crypto?.amount ?? '');
  try {
    await confirmPaymentOnChain(application, { txId: txHash, amount, confirmer: null }, justAfter(paidAt));
  } catch (error) {
    // The client's "I have paid" stands: staff (or the watcher) confirm it otherwise.
    logger.warn('payment matched on chain but not confirmed: left for staff', {
      applicationId: application.id,
      error: String(error),
    });
  }
}

/** A millisecond after a move: the system's move after it sorts after it in the history. */
const justAfter = (moment: Date) => new Date(moment.getTime() + 1);

/** A receipt is a file the client sent in this application's thread (a message carries it). */
async function requireReceipt(application: ApplicationRecord, receiptId: string): Promise<void> {
  const receipt = (await findAttachments([receiptId])).get(receiptId);
  const sent =
    receipt?.applicationId === application.id && receipt.side === 'client' && receipt.state === 'attached';
  if (!sent) throw new ReceiptNotFound();
}

/**
 * The template picked for an application's instructions, if it fits what the client pays with
 * (shared/payment-templates.ts, the rule the form's picker offers by). A USDT payment needs the
 * USDT template: its address and the amount are what the client's wallet is told.
 */
async function templateFor(application: ApplicationRecord, templateId: string | undefined) {
  if (!templateId) {
    if (paysUsdt(application)) throw new TemplateRefused('usdtTemplateRequired');
    return null;
  }
  const template = await findPaymentTemplate(templateId);
  if (!template) throw new TemplateRefused('templateNotFound');
  if (!templateFits(template, application))
    throw new TemplateRefused(paysUsdt(application) ? 'usdtTemplateRequired' : 'templateDoesNotFit');
  return template;
}

/** The template use counts a change of instructions moves: a deal starts or stops using a template. */
function templateUseParts(before: string | null, after: string | null): Array<[string, TransactItem]> {
  if (before === after) return [];
  return [
    ...(before
      ? ([['templateReleased', templateDealCountChange(before, -1)]] as Array<[string, TransactItem]>)
      : []),
    ...(after
      ? ([['templateUsed', templateDealCountChange(after, 1)]] as Array<[string, TransactItem]>)
      : []),
  ];
}

/**
 * POST /admin/applications/{id}/instructions: from PROCESSING, staff issue the payment
 * instructions and the payment window starts (the setting paymentWindowMinutes, or the minutes
 * given for this application); the quote lock holds until the deadline. In WAITING_PAYMENT they
 * are issued again, and the deadline only ever moves later.
 */
export async function issueInstructions(
  id: string,
  body: IssueInstructionsBody,
  actor: RecordedActor,
  now = new Date(),
): Promise<AdminApplicationDetail> {
  const application = await findForStaff(id, actor);
  const reissue = dealActionAllowed('reissueInstructions', 'staff', application.status);
  if (!reissue) requireMove(application, 'instructions', 'WAITING_PAYMENT');
  const template = await templateFor(application, body.templateId);
  const windowMinutes = body.paymentWindowMinutes ?? (await settingValue('paymentWindowMinutes'));
  const windowEnd = now.getTime() + windowMinutes * 60_000;
  const previousDeadline = application.paymentDeadline ? Date.parse(application.paymentDeadline) : 0;
  const deadline = new Date(Math.max(windowEnd, previousDeadline)).toISOString();
  const at = now.toISOString();
  const previous = application.instructions;
  const instructionParts = templateUseParts(previous?.templateId ?? null, template?.id ?? null);
  const instructions: PaymentInstructions = {
    text: body.text,
    templateId: template?.id ?? null,
    issuedAt: at,
    issuedBy: actor.id,
    windowMinutes,
    deadline,
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
    try {
      await applyStatusChange(
        {
          application,
          from: 'PROCESSING',
          to: 'WAITING_PAYMENT',
          actor,
          audited: true,
          auditDetails: details,
          fields: { instructions, paymentDeadline: deadline, ...(rate ? { rate } : {}) },
          details,
          parts: instructionParts,
        },
        now,
      );
    } catch (error) {
      throw await readRace(error, id, 'PROCESSING');
    }
    return getAdminApplication(id, now);
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
        targetId: id,
        before: { deadline: application.paymentDeadline },
        after: details,
        at: now,
      }),
    );
  for (const [name, item] of instructionParts) transaction.add(name, item);
  if (owner) transaction.add('mail', await ownerMailItem('status', next, owner, now));
  try {
    await transaction.run();
  } catch (error) {
    if (error instanceof TransactionCancelledError && error.failedOn('instructions')) {
      throw await readRace(error, id, 'WAITING_PAYMENT');
    }
    throw error;
  }
  return getAdminApplication(id, now);
}

/** What a lost race means: the application moved on (409 with its status now), or another error. */
async function readRace(error: unknown, id: string, expected: ApplicationStatus): Promise<unknown> {
  if (!(error instanceof StatusChangedError) && !(error instanceof TransactionCancelledError)) return error;
  const current = await findApplication(id);
  if (current && current.status !== expected) return new StatusMovedMeanwhile(expected, current.status);
  return new ApplicationChangedMeanwhile();
}

/**
 * POST /admin/applications/{id}/confirm-payment: the money arrived (from PAID, or straight from
 * WAITING_PAYMENT when it came before the client pressed); the client's payment is recorded as a
 * movement in, its reference the client's transaction hash or receipt, else staff's note.
 */
export async function confirmPayment(
  id: string,
  body: ConfirmPaymentBody,
  actor: RecordedActor,
  now = new Date(),
): Promise<AdminApplicationDetail> {
  const application = await findForStaff(id, actor);
  requireMove(application, 'confirmPayment', 'CONFIRMED');
  const at = now.toISOString();
  const note = body.note || null;
  const { txHash, claimed } = await confirmationHash(application, now);
  const paymentConfirmation: StaffRecord = { at, by: actor.id, txHash, note };
  const reference = txHash ?? application.clientPaid?.receiptId ?? note;
  try {
    await applyStatusChange(
      {
        application,
        from: application.status,
        to: 'CONFIRMED',
        actor,
        audited: true,
        fields: { paymentConfirmation },
        details: { note },
        parts: [
          ...movement(application, 'in', { staffId: actor.id, at, reference, note }),
          ...(claimed && txHash ? [claimPart('payment', id, txHash, actor.id, now)] : []),
        ],
      },
      now,
    );
  } catch (error) {
    if (error instanceof TransactionCancelledError && error.failedOn('chainUse'))
      throw await usedRefusal(txHash!);
    throw await readRace(error, id, application.status);
  }
  return getAdminApplication(id, now);
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
): Promise<{ txHash: string | null; claimed: boolean }> {
  const txHash = application.clientPaid?.txHash ?? null;
  if (!txHash || !paysUsdt(application)) return { txHash, claimed: false };
  const known = application.clientPaid?.chainCheck;
  const check =
    known && known.state !== 'unverified' ? known : await clientHashCheck(application, txHash, now);
  const paysThisDeal =
    check?.state === 'matched' ||
    (check?.state === 'mismatch' && (check.reason === 'wrongAmount' || check.reason === 'afterDeadline'));
  return paysThisDeal ? { txHash, claimed: true } : { txHash: null, claimed: false };
}

/**
 * POST /admin/applications/{id}/payout: the office is paying out (CONFIRMED → EXCHANGING), with the
 * payout's transaction hash or a note; recorded as the movement out.
 */
export async function recordPayout(
  id: string,
  body: RecordPayoutBody,
  actor: RecordedActor,
  now = new Date(),
): Promise<AdminApplicationDetail> {
  const application = await findForStaff(id, actor);
  requireMove(application, 'payout', 'EXCHANGING');
  const at = now.toISOString();
  const txHash = body.txHash ? normalizedTxHash(body.txHash) : null;
  const note = body.note || null;
  const chainCheck = await payoutHashCheck(application, txHash, now);
  // A transaction that already paid, paid out or refunded something is never this payout.
  if (txHash && chainCheck?.reason === 'alreadyUsed') throw await usedRefusal(txHash);
  const claim =
    txHash && chainCheck && isThisPayout(chainCheck) ? [claimPart('payout', id, txHash, actor.id, now)] : [];
  let exchanging: ApplicationRecord;
  try {
    exchanging = await applyStatusChange(
      {
        application,
        from: 'CONFIRMED',
        to: 'EXCHANGING',
        actor,
        audited: true,
        fields: { payout: { at, by: actor.id, txHash, note, ...(chainCheck ? { chainCheck } : {}) } },
        details: { txHash, note },
        parts: [
          ...movement(application, 'out', {
            staffId: actor.id,
            at,
            reference: txHash ?? note,
            note,
            // A payout again after one came back is a movement of its own.
            ...(application.payoutReversal ? { sequence: 2 } : {}),
          }),
          ...claim,
        ],
      },
      now,
    );
  } catch (error) {
    if (error instanceof TransactionCancelledError && error.failedOn('chainUse'))
      throw await usedRefusal(txHash!);
    throw await readRace(error, id, 'CONFIRMED');
  }
  if (chainCheck?.state === 'matched') await completeOnChain(exchanging, now);
  return getAdminApplication(id, now);
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
 * A USDT payout's hash read on chain against the client's address and the receive amount, sent
 * from one of the office's wallets after the application was made, and used for nothing else; null
 * when there is nothing to check (no hash, or the client does not receive USDT at an address). A
 * transaction nobody knows is a mismatch here: staff say they sent it.
 */
async function payoutHashCheck(
  application: ApplicationRecord,
  txHash: string | null,
  now: Date,
): Promise<ChainCheck | null> {
  const details = application.payoutDetails;
  if (!txHash || details?.kind !== 'address' || application.amountTo === null || !receivesUsdt(application))
    return null;
  return checkUsdtTransaction(
    txHash,
    {
      to: details.address,
      amount: application.amountTo,
      senders: (await officeWallets()).map((wallet) => wallet.address),
      notBefore: Date.parse(application.createdAt),
    },
    { unknownIsMismatch: true, use: { purpose: 'payout', applicationId: application.id } },
    now,
  );
}

/**
 * The payout's hash matched: the system completes the deal (EXCHANGING → COMPLETED), the reserves
 * moving as at any completion (applyStatusChange). If that cannot happen now (staff moved it
 * meanwhile, a reserve refuses), it stays for staff; the payout stands recorded either way.
 */
async function completeOnChain(application: ApplicationRecord, paidOutAt: Date): Promise<void> {
  if (!moveOf('chainCheck', application.status, 'COMPLETED')) return;
  const now = justAfter(paidOutAt);
  try {
    await applyStatusChange(
      {
        application,
        from: application.status,
        to: 'COMPLETED',
        actor: SYSTEM_ACTOR,
        details: { txHash: application.payout?.txHash ?? null, chainCheck: 'matched' },
      },
      now,
    );
  } catch (error) {
    logger.warn('payout matched on chain but not completed: left for staff', {
      applicationId: application.id,
      error: String(error),
    });
  }
}

/**
 * POST /admin/applications/{id}/refund: staff returned the client's money on a deal that ended
 * without completing (rejected or cancelled after the client paid); once, with its reference.
 */
export async function recordRefund(
  id: string,
  body: RecordRefundBody,
  actor: RecordedActor,
  now = new Date(),
): Promise<AdminApplicationDetail> {
  const application = await findForStaff(id, actor);
  if (!dealActionAllowed('recordRefund', 'staff', application.status))
    throw new RefundNotAllowed(application.status);
  if (application.refund) throw new RefundAlreadyRecorded();
  if (!application.clientPaid && !application.paymentConfirmation) throw new NothingToRefund();
  // Money went out already: refunding too would pay the client twice, unless the payout came back.
  if (application.payout) throw new RefundAfterPayout();
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
  const transaction = new Transaction()
    .add('refund', dealFieldsUpdate(application, { refund }, DEAL_ACTIONS.recordRefund.in, at))
    .add(
      'audit',
      auditPut({
        actorId: actor.id,
        actorRole: actor.role,
        action: 'application.refund',
        targetType: 'application',
        targetId: id,
        before: null,
        after: { reference: body.reference, note },
        at: now,
      }),
    );
  for (const [name, item] of movement(application, 'refund', {
    staffId: actor.id,
    at,
    reference: body.reference,
    note,
  })) {
    transaction.add(name, item);
  }
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
    throw error;
  }
  return getAdminApplication(id, now);
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
  actor: RecordedActor,
  now = new Date(),
): Promise<AdminApplicationDetail> {
  const application = await findForStaff(id, actor);
  requireMove(application, 'payoutReversal', 'CONFIRMED');
  if (!application.payout) throw new TransitionNotAllowed(application.status, 'CONFIRMED');
  if (application.payoutReversal) throw new PayoutAlreadyReversed();
  const at = now.toISOString();
  const payoutReversal: PayoutReversal = {
    at,
    by: actor.id,
    reference: body.reference,
    reason: body.reason,
    payout: application.payout,
  };
  try {
    await applyStatusChange(
      {
        application,
        from: 'EXCHANGING',
        to: 'CONFIRMED',
        actor,
        audited: true,
        auditDetails: { reference: body.reference, reason: body.reason },
        fields: { payout: null, payoutReversal },
        details: { reference: body.reference, reason: body.reason },
        parts: movement(application, 'reversal', {
          staffId: actor.id,
          at,
          reference: body.reference,
          note: body.reason,
        }),
      },
      now,
    );
  } catch (error) {
    if (error instanceof TransactionCancelledError && error.failedOn('movement:reversal'))
      throw new PayoutAlreadyReversed();
    throw await readRace(error, id, 'EXCHANGING');
  }
  return getAdminApplication(id, now);
}
