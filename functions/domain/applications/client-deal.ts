import {
  type ApplicationRecord,
  type ClientPaid,
  dealFieldsUpdate,
  findApplication,
  findApplicationWithHistory,
  type PayoutDetails,
} from '@functions/data/applications';
import { findDirection } from '@functions/data/rates';
import { Transaction, TransactionCancelledError } from '@functions/data/transactions';
import type { ApplicationDetail } from '@shared/contract/applications';
import type { MarkPaidBody, PayoutDetailsBody } from '@shared/contract/deal';
import { heldOf } from '@shared/deal-money';
import { fieldError } from '@shared/field-rules';
import { DEAL_ACTIONS, dealActionAllowed } from '@shared/lifecycle';
import { normalizedTxHash, payoutKindOf } from '@shared/payout-details';
import { SBP_ASSET, type SbpBankId } from '@shared/sbp-banks';
import { type BlacklistCandidate, refuseIfBlacklisted } from '../blacklist/matches';
import { confirmMatchedClientPayment } from '../chain/confirmation';
import { decimalText, moneyOf } from './deal-money';
import { claimPart, clientHashCheck, requireReceipt, usedRefusal } from './deal-support';
import {
  ApplicationNotFound,
  ApplicationRulesBroken,
  PayoutDetailsLocked,
  PayoutDetailsNotTaken,
} from './errors';
import { screenPayoutAddress } from './payout-address';
import { perform, requireMovable } from './perform';
import { toApplicationDetail } from './views';

/*
 * The client's side of the deal (docs/product.md §4 "The deal", docs/architecture.md §7): where they
 * receive, "I have paid", and a new quote for a late payment accepted. Every move is checked against shared/lifecycle.ts and made by
 * perform.ts, so it lands in the history with what it carried.
 */

/** The caller's own application; another user's id reads exactly like a missing one (404). */
async function findOwn(userId: string, id: string): Promise<ApplicationRecord> {
  const application = await findApplication(id);
  if (!application || application.userId !== userId) throw new ApplicationNotFound();
  return application;
}

/**
 * The SBP banks the deal's payout may go to, by phone number: its direction's as they are now, for a
 * card-RUB payout (one read of the direction); none for any other.
 */
async function sbpBanksOf(application: ApplicationRecord): Promise<SbpBankId[]> {
  if (application.assetTo !== SBP_ASSET || application.assetFrom === null) return [];
  return (await findDirection(application.assetFrom, application.assetTo))?.sbpBanks ?? [];
}

/** The bank of an SBP payout when the deal's direction pays to it; otherwise a field error on `bank`. */
async function offeredSbpBank(application: ApplicationRecord, bank: string): Promise<SbpBankId> {
  const offered = (await sbpBanksOf(application)).find((id) => id === bank);
  if (!offered) throw new ApplicationRulesBroken([fieldError('bank', 'sbpBankNotOffered')]);
  return offered;
}

/** The owner's order page: the application, its timeline, the deal so far and what they may do. */
export async function getMyApplicationDetail(
  userId: string,
  id: string,
  now = new Date(),
): Promise<ApplicationDetail> {
  const found = await findApplicationWithHistory(id);
  if (!found || found.application.userId !== userId) throw new ApplicationNotFound();
  return toApplicationDetail(found.application, found.history, await sbpBanksOf(found.application), now);
}

const MAX_ATTEMPTS = 3;

/**
 * PUT /applications/{id}/payout-details: a TRON address when the application pays out USDT, a card
 * number when it pays out to a card, or instead of the card an SBP phone and a bank its direction
 * pays to; nothing for cash. Allowed until the client says they paid; written only if nobody
 * changed the application since it was read (else read again, 3 times). An address or SBP phone on
 * the operator's blacklist is refused with a neutral text (the match audited; a card is not looked
 * up: the payout details carry no holder's name, docs/decisions.md). An address is then screened
 * against the USDT blacklist once per request: a listed one is refused; when the provider fails or
 * is slow it is kept marked not screened (staff see that), never refused.
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
    // SBP is a way of paying out to a card: its phone is given where a card is taken.
    const givenKind = 'address' in body ? 'address' : 'card';
    if (givenKind !== kind) {
      const field = 'phone' in body ? 'phone' : givenKind;
      throw new ApplicationRulesBroken([fieldError(field, 'payoutDetailsKind', { kind })]);
    }
    if (!dealActionAllowed('setPayoutDetails', 'client', application.status)) {
      throw new PayoutDetailsLocked(application.status);
    }
    const lookedUp: BlacklistCandidate | null =
      'address' in body
        ? { kind: 'tronAddress', value: body.address }
        : 'phone' in body
          ? { kind: 'phone', value: body.phone }
          : null;
    if (lookedUp && screened === undefined) {
      await refuseIfBlacklisted([lookedUp], 'application', { applicationId: id, userId }, null);
    }
    if ('address' in body && screened === undefined) screened = await screenPayoutAddress(body.address);
    const given: PayoutDetails =
      'address' in body
        ? { kind: 'address', address: body.address, screened: screened ?? false }
        : 'card' in body
          ? { kind: 'card', card: body.card }
          : { kind: 'sbp', phone: body.phone, bank: await offeredSbpBank(application, body.bank) };
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
  const actor = { id: userId, role: 'USER' } as const;
  requireMovable({ move: 'markPaid', application, actor }, now);
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
    const paid = await perform(
      {
        move: 'markPaid',
        application,
        actor,
        write: {
          fields: { clientPaid },
          details: { txHash, receiptId },
          parts: [
            // A hash that matched is this deal's payment from now on: no other deal may be paid with it.
            ...(matched ? [claimPart('payment', application.id, txHash, userId, now)] : []),
          ],
        },
      },
      now,
    );
    if (matched) await confirmMatchedClientPayment(paid, txHash, now);
  } catch (error) {
    if (error instanceof TransactionCancelledError && error.failedOn('chainUse'))
      throw await usedRefusal(txHash!);
    throw error;
  }
  return getMyApplicationDetail(userId, id, now);
}

/**
 * POST /applications/{id}/requote/accept: the client takes staff's new quote for the money that
 * arrived late (docs/product.md §4 "Wrong payments"): the deal's amounts and rate become the
 * quote's and the payment is confirmed (PAID → CONFIRMED), while the quote still holds.
 */
export async function acceptRequote(
  userId: string,
  id: string,
  now = new Date(),
): Promise<ApplicationDetail> {
  const application = await findOwn(userId, id);
  const actor = { id: userId, role: 'USER' } as const;
  requireMovable({ move: 'acceptRequote', application, actor }, now);
  // The move's need requoteOffered: checked above.
  const offer = application.requote!;
  const money = moneyOf(application);
  const accepted = { amountFrom: offer.amountFrom, amountTo: offer.amountTo, rate: offer.rate.rate };
  await perform(
    {
      move: 'acceptRequote',
      application,
      actor,
      write: {
        fields: {
          amountFrom: offer.amountFrom,
          amountTo: offer.amountTo,
          amountUSD: offer.amountUSD,
          rate: offer.rate,
          requote: null,
          money: { ...money, asked: decimalText(heldOf(money)) },
        },
        details: accepted,
      },
    },
    now,
  );
  return getMyApplicationDetail(userId, id, now);
}
