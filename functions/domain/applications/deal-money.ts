import type { ApplicationRecord } from '@functions/data/applications';
import type { DealMoneyView } from '@shared/contract/deal';
import { type DealMoney, heldOf, NO_MONEY_YET, paymentGap, payoutLeft } from '@shared/deal-money';
import { endedByExpiry, type MoveName } from '@shared/lifecycle';
import { type Decimal, subtract, unitsText } from '@shared/money';

/*
 * The deal's money as it moved (shared/deal-money.ts), read from the application: what was asked,
 * what arrived, went back and went out, and how it stands (docs/product.md §4 "Wrong payments").
 */

/** An exact decimal as the text it is kept as. */
export const decimalText = (value: Decimal) => unitsText(value.units, value.scale);

/**
 * The deal's money as recorded. A deal from before the money was kept part by part has it in its
 * records: the payment confirmed (the amount asked), the payout recorded or reversed, the refund.
 */
export function moneyOf(application: ApplicationRecord): DealMoney {
  if (application.money) return application.money;
  const asked = application.amountFrom ?? 0;
  const owed = application.amountTo ?? 0;
  const paid = application.paymentConfirmation !== null;
  return {
    ...NO_MONEY_YET,
    received: paid ? String(asked) : '0',
    refunded: application.refund !== null && paid ? String(asked) : '0',
    paidOut: application.payout !== null ? String(owed) : '0',
    partsIn: paid ? 1 : 0,
    partsOut: (application.payout !== null ? 1 : 0) + (application.payoutReversal !== null ? 1 : 0),
    refunds: application.refund !== null ? 1 : 0,
  };
}

/**
 * What the client was asked for in all: as the money records it, else the unique USDT amount they
 * were told to send, else the deal's amount (null: a deal that names none).
 */
export function askedOf(application: ApplicationRecord): string | null {
  const recorded = moneyOf(application).asked;
  if (recorded !== undefined) return recorded;
  const told = application.instructions?.crypto?.amount;
  if (told !== undefined) return String(told);
  return application.amountFrom === null ? null : String(application.amountFrom);
}

/**
 * The move that records a part of the client's payment, by staff or on chain: money for a deal
 * that expired opens it again as late; all that was asked, in time (or any payment of a deal that
 * names no amounts), confirms it; anything else leaves it PAID showing the difference.
 */
export function arrivalMove(
  application: ApplicationRecord,
  money: DealMoney,
  by: 'staff' | 'chain',
): Extract<
  MoveName,
  | 'latePayment'
  | 'confirmPayment'
  | 'paymentPart'
  | 'chainLatePayment'
  | 'chainFinalPayment'
  | 'chainPaymentPart'
> {
  const asked = askedOf(application);
  if (endedByExpiry(application.status)) return by === 'staff' ? 'latePayment' : 'chainLatePayment';
  const complete = !money.late && (asked === null || paymentGap(money, asked) === 'exact');
  if (complete) return by === 'staff' ? 'confirmPayment' : 'chainFinalPayment';
  return by === 'staff' ? 'paymentPart' : 'chainPaymentPart';
}

/** The deal's money as its pages show it. */
export function dealMoneyView(application: ApplicationRecord, now: Date): DealMoneyView {
  const money = moneyOf(application);
  const asked = askedOf(application);
  const owed = application.amountTo === null ? null : String(application.amountTo);
  const gap = paymentGap(money, asked);
  const requote = application.requote;
  return {
    asked,
    owed,
    received: money.received,
    refunded: money.refunded,
    paidOut: money.paidOut,
    gap,
    difference:
      asked !== null && (gap === 'short' || gap === 'over')
        ? decimalText(gap === 'short' ? subtract(asked, heldOf(money)) : subtract(heldOf(money), asked))
        : null,
    payoutLeft: owed === null ? null : decimalText(payoutLeft(money, owed)),
    late: money.late,
    requote:
      requote && Date.parse(requote.until) > now.getTime()
        ? {
            amountFrom: requote.amountFrom,
            amountTo: requote.amountTo,
            rate: requote.rate.rate,
            until: requote.until,
          }
        : null,
    closing: application.closing ?? null,
  };
}
