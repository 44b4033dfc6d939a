import type { ApplicationRecord } from '@functions/data/applications';
import type { TransactItem } from '@functions/data/transactions';
import { TransactionCancelledError } from '@functions/data/transactions';
import type { DealActor, RecordedActor } from '@functions/domain/accounts/principal';
import type { AdminApplicationDetail } from '@shared/contract/applications';
import type { CloseDealBody, PaymentResolutionBody, ReleaseHoldBody } from '@shared/contract/deal';
import { heldOf, payoutLeft } from '@shared/deal-money';
import { problemAt, ruleProblem } from '@shared/field-rules';
import { bookAccountId } from '@shared/ledger';
import { NEED_GUARDS } from '@shared/lifecycle';
import { add, subtract, toNumber } from '@shared/money';
import { normalizedTxHash, TRON_TX_HASH } from '@shared/payout-details';
import { ledgerEntry, movedUnits } from '../ledger/entries';
import { quoteAtDealRate } from '../rates/deal-rate';
import { quote } from '../rates/rates';
import { settingValue } from '../settings/settings';
import { getAdminApplication } from './admin-actions';
import { askedOf, decimalText, moneyOf } from './deal-money';
import { claimPart, paysUsdt, readRace, usedRefusal } from './deal-support';
import { ApplicationRulesBroken, PaymentStandsOtherwise } from './errors';
import { movement, withMoney } from './movements';
import { payableAmountReleaseItem, uniquePayableAmount } from './payable-amount';
import { moveFacts, perform, requireMovable } from './perform';
import { assertMayRefund, findForStaff } from './staff-access';

/*
 * A payment that arrived otherwise than asked, resolved inside the deal (docs/product.md §4 "Wrong
 * payments"). Staff see what arrived against what was asked and choose what applies: less in time
 * — recalculate the deal to what arrived at its own rate, or wait for the rest; more in time —
 * pay out more (recalculate) or send the excess back; late — offer the current rate, which the
 * client accepts. Rejecting and refunding stays the status route and the refund. Each choice is a
 * move of the lifecycle (shared/lifecycle.ts), written on the deal's money as read (perform.ts),
 * so two staff resolving the same payment end with one outcome.
 */

/** The deal's money and what was asked, as the choices read them. */
function standing(application: ApplicationRecord) {
  const money = moneyOf(application);
  return { money, held: heldOf(money), asked: askedOf(application) };
}

/** A deal cannot be made of less than its direction's minimum: staff wait for the rest or refund. */
function belowMinimum(held: string, currency: string | null, minimum: number): ApplicationRulesBroken {
  return new ApplicationRulesBroken([
    problemAt(
      'choice',
      ruleProblem('amountBelowDirectionMinimum', { amount: held, currency: currency ?? '', minimum }),
    ),
  ]);
}

/** The deal's amounts become what arrived, at its own rate; the client's mail names them. */
async function recalculate(application: ApplicationRecord, actor: RecordedActor, now: Date) {
  requireMovable({ move: 'recalculate', application, actor }, now);
  const { money, held } = standing(application);
  const { assetFrom, assetTo, rate } = application;
  if (!assetFrom || !assetTo || !rate)
    return requireMovable({ move: 'recalculate', application, actor }, now);
  const recalculated = await quoteAtDealRate({ assetFrom, assetTo, rate }, toNumber(held));
  if (recalculated.belowMinimum)
    throw belowMinimum(decimalText(held), application.currencyFrom, recalculated.minAmount);
  const before = { amountFrom: application.amountFrom, amountTo: application.amountTo };
  const after = { amountFrom: toNumber(held), amountTo: recalculated.amountTo };
  await perform(
    {
      move: 'recalculate',
      application,
      actor,
      write: {
        auditDetails: { before, after },
        fields: {
          ...after,
          amountUSD: recalculated.amountUSD,
          money: { ...money, asked: decimalText(held) },
        },
        details: { before, after },
      },
    },
    now,
  );
}

/**
 * The client sends the rest, in the window of the setting topUpWindowMinutes: the deadline moves
 * there, and a USDT deal is told a unique amount for the rest (its old one released, kept for a
 * late repeat), which the watcher matches as it matched the first.
 */
async function awaitTopUp(application: ApplicationRecord, actor: RecordedActor, now: Date) {
  requireMovable({ move: 'awaitTopUp', application, actor }, now);
  const { money, held, asked } = standing(application);
  const instructions = application.instructions!;
  const windowMinutes = await settingValue('topUpWindowMinutes');
  const deadline = new Date(now.getTime() + windowMinutes * 60_000).toISOString();
  const rest = subtract(asked!, held);
  const previous = instructions.crypto;
  const crypto = previous
    ? {
        address: previous.address,
        ...(await uniquePayableAmount({
          wallet: previous.address,
          amount: toNumber(rest),
          applicationId: application.id,
          heldUntil: deadline,
          keep: null,
          now,
        })),
      }
    : null;
  const released = previous ? await payableAmountReleaseItem(application.id, previous, now) : null;
  const parts: Array<[string, TransactItem]> = released ? [['payableAmountReleased', released]] : [];
  const missing = crypto ? crypto.amount : decimalText(rest);
  await perform(
    {
      move: 'awaitTopUp',
      application,
      actor,
      write: {
        auditDetails: { missing, deadline },
        fields: {
          instructions: { ...instructions, deadline, crypto },
          paymentDeadline: deadline,
          // What the client is asked in all: what arrived and the rest told.
          money: { ...money, asked: crypto ? decimalText(add(held, crypto.amount)) : asked! },
        },
        details: { missing, deadline },
        parts,
      },
    },
    now,
  );
}

/** More arrived in time than was asked: the excess goes back, a refund movement naming where; CONFIRMED. */
async function refundExcess(
  application: ApplicationRecord,
  body: Extract<PaymentResolutionBody, { choice: 'refundExcess' }>,
  actor: DealActor,
  now: Date,
) {
  assertMayRefund(actor);
  requireMovable({ move: 'refundExcess', application, actor }, now);
  const { held, asked } = standing(application);
  const at = now.toISOString();
  const note = body.note || null;
  const excess = subtract(held, asked!);
  const written = await movement(application, 'refund', {
    staffId: actor.id,
    at,
    reference: body.reference,
    note,
    amount: excess,
    destination: body.destination,
  });
  // A refund in USDT names its transaction: claimed as a refund, it can pay nothing else.
  const txHash =
    paysUsdt(application) && TRON_TX_HASH.test(body.reference) ? normalizedTxHash(body.reference) : null;
  const details = { excess: decimalText(excess), reference: body.reference, destination: body.destination };
  try {
    await perform(
      {
        move: 'refundExcess',
        application,
        actor,
        write: {
          auditDetails: details,
          fields: { money: written.money },
          details,
          ...withMoney(written, txHash ? [claimPart('refund', application.id, txHash, actor.id, now)] : []),
        },
      },
      now,
    );
  } catch (error) {
    if (error instanceof TransactionCancelledError && error.failedOn('chainUse'))
      throw await usedRefusal(txHash!);
    throw error;
  }
}

/**
 * Money that came after the window is offered at the current rate (a quote of what arrived, held
 * for the setting quoteLockMinutes); the client accepts it on the order page (client-deal.ts).
 */
async function offerRequote(application: ApplicationRecord, actor: RecordedActor, now: Date) {
  requireMovable({ move: 'offerRequote', application, actor }, now);
  const { held } = standing(application);
  const { assetFrom, assetTo } = application;
  if (!assetFrom || !assetTo) throw new PaymentStandsOtherwise('paidLate');
  const [current, lockMinutes] = await Promise.all([
    quote(assetFrom, assetTo, toNumber(held), now),
    settingValue('quoteLockMinutes'),
  ]);
  if (current.belowMinimum)
    throw belowMinimum(decimalText(held), application.currencyFrom, current.minAmount);
  const at = now.toISOString();
  const until = new Date(now.getTime() + Math.max(lockMinutes, 1) * 60_000).toISOString();
  const requote = {
    amountFrom: toNumber(held),
    amountTo: current.amountTo,
    amountUSD: current.amountUSD,
    rate: {
      rate: current.rate,
      markupPercent: current.markupPercent,
      usdValueFrom: current.usdValueFrom,
      usdValueTo: current.usdValueTo,
      quotedAt: at,
      lockedUntil: until,
      source: current.source,
      ...(current.fixedRate ? { fixedRate: current.fixedRate } : {}),
    },
    offeredAt: at,
    offeredBy: actor.id,
    until,
  };
  const details = { amountFrom: requote.amountFrom, amountTo: requote.amountTo, rate: current.rate, until };
  await perform(
    {
      move: 'offerRequote',
      application,
      actor,
      write: { auditDetails: details, fields: { requote }, details },
    },
    now,
  );
}

/** POST /admin/applications/{id}/payment-resolution: staff's choice for a payment that arrived otherwise. */
export async function resolvePayment(
  id: string,
  body: PaymentResolutionBody,
  actor: DealActor,
  now = new Date(),
): Promise<AdminApplicationDetail> {
  const application = await findForStaff(id, actor);
  try {
    switch (body.choice) {
      case 'recalculate':
        await recalculate(application, actor, now);
        break;
      case 'awaitTopUp':
        await awaitTopUp(application, actor, now);
        break;
      case 'refundExcess':
        await refundExcess(application, body, actor, now);
        break;
      case 'offerRequote':
        await offerRequote(application, actor, now);
        break;
    }
  } catch (error) {
    throw await readRace(error, application);
  }
  return getAdminApplication(id, actor, now);
}

/**
 * POST /admin/applications/{id}/close: an ADMIN completes a deal whose payout differs from what is
 * owed, saying why. The difference (owed less paid out) is booked against the adjustments, so the
 * client's side of the books closes, and the deal shows it.
 */
export async function closeWithDifference(
  id: string,
  body: CloseDealBody,
  actor: DealActor,
  now = new Date(),
): Promise<AdminApplicationDetail> {
  const application = await findForStaff(id, actor);
  const input = { closingReason: body.reason };
  requireMovable({ move: 'closeWithDifference', application, actor, input }, now);
  const at = now.toISOString();
  const difference = payoutLeft(moneyOf(application), application.amountTo);
  const currency = application.currencyTo;
  const units = currency ? movedUnits(difference, currency) : 0n;
  const entries =
    currency && units !== 0n
      ? [
          await ledgerEntry(
            {
              id: `${application.id}#writeOff`,
              kind: 'writeOff',
              at,
              actorId: actor.id,
              applicationId: application.id,
              reason: body.reason,
            },
            [
              { accountId: bookAccountId('clients', currency), currency, units },
              { accountId: bookAccountId('adjustments', currency), currency, units: -units },
            ],
          ),
        ]
      : [];
  const closing = { at, by: actor.id, reason: body.reason, difference: decimalText(difference) };
  try {
    await perform(
      {
        move: 'closeWithDifference',
        application,
        actor,
        input,
        write: {
          auditDetails: { reason: body.reason, difference: closing.difference },
          fields: { closing },
          details: { reason: body.reason, difference: closing.difference },
          entries,
        },
      },
      now,
    );
  } catch (error) {
    throw await readRace(error, application);
  }
  return getAdminApplication(id, actor, now);
}

/**
 * POST /admin/applications/{id}/hold-release: staff checked a held payment's funds (its AML score,
 * the blacklist's match, what the client said of their source) and let the deal go on: CONFIRMED
 * when all that was asked arrived in time, else PAID, to resolve as any wrong payment. The hold
 * stays on the deal with who released it; rejecting and refunding is the other way out of a hold.
 */
export async function releaseHold(
  id: string,
  body: ReleaseHoldBody,
  actor: DealActor,
  now = new Date(),
): Promise<AdminApplicationDetail> {
  const application = await findForStaff(id, actor);
  const move = NEED_GUARDS.paidAsAsked(moveFacts(application, actor, {}, now))
    ? 'releaseHold'
    : 'releaseHoldToResolve';
  requireMovable({ move, application, actor }, now);
  const at = now.toISOString();
  const note = body.note?.trim() || null;
  const released = { at, by: actor.id, note };
  const paymentTxId = application.hold?.txId ?? null;
  try {
    await perform(
      {
        move,
        application,
        actor,
        write: {
          auditDetails: { note, reason: application.hold?.reason ?? null },
          fields: {
            hold: application.hold ? { ...application.hold, released } : null,
            ...(move === 'releaseHold'
              ? { paymentConfirmation: { at, by: actor.id, txHash: paymentTxId, note } }
              : {}),
          },
          details: { note },
        },
      },
      now,
    );
  } catch (error) {
    throw await readRace(error, application);
  }
  return getAdminApplication(id, actor, now);
}
