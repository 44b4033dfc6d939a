import { statusCounterDeltas } from '@functions/domain/applications/transitions';
import { APPLICATION_STATUSES } from '@shared/enums';
import {
  clientActions,
  isOpen,
  MOVES,
  type Mover,
  OPEN_STATUSES,
  staffMovesFrom,
  staffStatusMove,
  TERMINAL_STATUSES,
} from '@shared/lifecycle';
import { describe, expect, it } from 'vitest';

function movesBy(by: Mover): string[] {
  return MOVES.filter((move) => move.by === by).flatMap((move) =>
    move.from.map((from) => `${from}>${move.to}`),
  );
}

describe('the deal lifecycle (docs/product.md §4)', () => {
  it('lets the client pay, cancel up to and including WAITING_PAYMENT, and accept a new quote for a late payment', () => {
    expect(new Set(movesBy('client'))).toEqual(
      new Set([
        'WAITING_PAYMENT>PAID',
        'PAID>CONFIRMED',
        'PENDING>CANCELLED',
        'PROCESSING>CANCELLED',
        'WAITING_PAYMENT>CANCELLED',
      ]),
    );
  });

  it('lets the system expire, see, confirm or hold a USDT payment on chain (a part of it, or late), and complete a payout verified on chain', () => {
    expect(new Set(movesBy('system'))).toEqual(
      new Set([
        'PENDING>EXPIRED',
        'WAITING_PAYMENT>EXPIRED',
        'PAID>CONFIRMED',
        'PAID>PAID',
        'EXPIRED>PAID',
        'EXCHANGING>COMPLETED',
        'WAITING_PAYMENT>PAID',
        'WAITING_PAYMENT>CONFIRMED',
        'WAITING_PAYMENT>ON_HOLD',
        'PAID>ON_HOLD',
        'EXPIRED>ON_HOLD',
      ]),
    );
  });

  it('lets staff take, instruct, confirm (from WAITING_PAYMENT too; a part; late), release a held payment, resolve a payment, pay out (in parts), reverse a payout, complete, cancel and reject until money went out', () => {
    expect(new Set(movesBy('staff'))).toEqual(
      new Set([
        'PENDING>PROCESSING',
        'PROCESSING>WAITING_PAYMENT',
        'WAITING_PAYMENT>CONFIRMED',
        'WAITING_PAYMENT>PAID',
        'PAID>PAID',
        'EXPIRED>PAID',
        'PAID>CONFIRMED',
        'EXCHANGING>EXCHANGING',
        'CONFIRMED>EXCHANGING',
        'EXCHANGING>COMPLETED',
        'PROCESSING>COMPLETED',
        'PENDING>CANCELLED',
        'PROCESSING>CANCELLED',
        'EXCHANGING>CONFIRMED',
        'ON_HOLD>CONFIRMED',
        'ON_HOLD>PAID',
        ...OPEN_STATUSES.filter((from) => from !== 'EXCHANGING').map((from) => `${from}>REJECTED`),
      ]),
    );
  });

  it('never rejects a deal whose payout is recorded: a refund after it would pay the client twice', () => {
    expect(staffMovesFrom('EXCHANGING')).not.toContain('REJECTED');
    expect(MOVES.find((move) => move.name === 'reversePayout')).toMatchObject({
      from: ['EXCHANGING'],
      to: 'CONFIRMED',
      by: 'staff',
      call: 'payoutReversal',
    });
  });

  it('only moves forward (or stays, recording money) but for a payout that came back and a held payment released to be resolved; only money arriving late leaves a terminal status', () => {
    const lateMoney = ['latePayment', 'chainLatePayment', 'holdPayment'];
    for (const move of MOVES) {
      for (const from of move.from) {
        if (lateMoney.includes(move.name) && from === 'EXPIRED') {
          expect(['PAID', 'ON_HOLD']).toContain(move.to);
          continue;
        }
        expect(TERMINAL_STATUSES as readonly string[]).not.toContain(from);
        if (isOpen(move.to) && move.name !== 'reversePayout' && move.name !== 'releaseHoldToResolve')
          expect(OPEN_STATUSES.indexOf(move.to as never)).toBeGreaterThanOrEqual(
            OPEN_STATUSES.indexOf(from as never),
          );
      }
    }
  });

  it('asks a reason to reject and instructions to start the payment window', () => {
    expect(MOVES.find((move) => move.name === 'reject')?.needs).toContain('reason');
    expect(MOVES.find((move) => move.name === 'issueInstructions')?.needs).toContain('instructions');
    expect(MOVES.find((move) => move.name === 'markPaid')?.needs).toEqual([
      'payoutDetails',
      'withinPaymentWindow',
    ]);
  });

  it('offers the admin status control exactly the status-route moves the server accepts', () => {
    for (const from of APPLICATION_STATUSES) {
      const accepted = APPLICATION_STATUSES.filter((to) => staffStatusMove(from, to) !== undefined);
      expect([...staffMovesFrom(from)].sort()).toEqual([...accepted].sort());
    }
    expect(staffMovesFrom('SOMETHING_NEW')).toEqual([]);
    expect(staffMovesFrom('WAITING_PAYMENT')).toEqual(['REJECTED']);
  });

  it('counts every status of a deal under way as open', () => {
    expect(APPLICATION_STATUSES.filter(isOpen).sort()).toEqual([...OPEN_STATUSES].sort());
  });
});

describe("the client's actions", () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const base = { receivesCash: false, hasPayoutDetails: false, paymentDeadline: null, now };

  it('offers payout details and cancel before the instructions', () => {
    expect(clientActions({ ...base, status: 'PROCESSING' })).toEqual([
      'cancel',
      'setPayoutDetails',
      'message',
    ]);
  });

  it('offers "I have paid" within the window once payout details are given', () => {
    const waiting = { ...base, status: 'WAITING_PAYMENT', paymentDeadline: '2026-11-26T12:30:00Z' };
    expect(clientActions(waiting)).not.toContain('markPaid');
    expect(clientActions({ ...waiting, hasPayoutDetails: true })).toContain('markPaid');
    expect(clientActions({ ...waiting, receivesCash: true })).toEqual(['cancel', 'markPaid', 'message']);
    expect(
      clientActions({ ...waiting, hasPayoutDetails: true, paymentDeadline: '2026-11-26T11:59:59Z' }),
    ).not.toContain('markPaid');
  });

  it('offers only the thread once the client has paid', () => {
    expect(clientActions({ ...base, status: 'PAID', hasPayoutDetails: true })).toEqual(['message']);
    expect(clientActions({ ...base, status: 'COMPLETED' })).toEqual(['message']);
  });
});

describe('statusCounterDeltas', () => {
  it('moves one count from the old status to the new one', () => {
    expect(statusCounterDeltas('PENDING', 'PROCESSING')).toEqual({
      perStatus: { PENDING: -1, PROCESSING: 1 },
      user: { PENDING: -1, PROCESSING: 1 },
    });
  });

  it('keeps the open count along the deal and closes it at the end', () => {
    expect(statusCounterDeltas('PAID', 'CONFIRMED').user).toEqual({ PAID: -1, CONFIRMED: 1 });
    expect(statusCounterDeltas('EXCHANGING', 'COMPLETED').user).toEqual({
      EXCHANGING: -1,
      COMPLETED: 1,
      openCount: -1,
    });
  });
});
