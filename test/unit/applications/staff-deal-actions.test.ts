import { NO_MONEY_YET } from '@shared/deal-money';
import { APPLICATION_STATUSES, type ApplicationStatus, type Role } from '@shared/enums';
import { type MoveFacts, type StaffDealAction, staffDealActions } from '@shared/lifecycle';
import { describe, expect, it } from 'vitest';

/** The deal's records as the staff's allowedActions read them (functions/domain/applications/perform.ts's moveFacts). */
interface DealFacts {
  status: ApplicationStatus;
  clientPaid: object | null;
  paymentConfirmation: object | null;
  payout: object | null;
  payoutReversal: object | null;
  refund: object | null;
}

const PAID = { at: '2026-11-20T10:10:00.000Z', txHash: null, receiptId: 'receipt-1' };
const STAFF_RECORD = { at: '2026-11-20T10:20:00.000Z', by: 'staff-2', txHash: null, note: 'r-1' };
const PAYOUT = { at: '2026-11-20T11:00:00.000Z', by: 'staff-2', txHash: null, note: 'card payout' };
const REVERSAL = {
  at: '2026-11-21T09:00:00.000Z',
  by: 'admin-1',
  reference: 'chargeback 77',
  reason: 'The card issuer returned it.',
  payout: PAYOUT,
};

const facts = (status: ApplicationStatus, paid: Partial<DealFacts> = {}): DealFacts => ({
  status,
  clientPaid: null,
  paymentConfirmation: null,
  payout: null,
  payoutReversal: null,
  refund: null,
  ...paid,
});

/** What shared/lifecycle.ts allows staff, written out once more by hand (the table under test is read by the code). */
const EXPECTED: Record<string, { unpaid: StaffDealAction[]; paid: StaffDealAction[] }> = {
  PENDING: { unpaid: [], paid: [] },
  PROCESSING: {
    unpaid: ['issueInstructions', 'completeAtOffice'],
    paid: ['issueInstructions', 'completeAtOffice'],
  },
  WAITING_PAYMENT: {
    unpaid: ['reissueInstructions', 'confirmPayment'],
    paid: ['reissueInstructions', 'confirmPayment'],
  },
  PAID: { unpaid: ['confirmPayment'], paid: ['confirmPayment'] },
  CONFIRMED: { unpaid: ['recordPayout'], paid: ['recordPayout'] },
  // Nothing recorded out yet (the payout's record stands apart): another part, or an ADMIN closes it.
  EXCHANGING: {
    unpaid: ['recordPayout', 'closeWithDifference'],
    paid: ['recordPayout', 'closeWithDifference'],
  },
  COMPLETED: { unpaid: [], paid: [] },
  CANCELLED: { unpaid: [], paid: ['recordRefund'] },
  REJECTED: { unpaid: [], paid: ['recordRefund'] },
  // Money that comes after the window is recorded as a late payment (the deal had instructions).
  EXPIRED: { unpaid: ['confirmPayment'], paid: ['confirmPayment', 'recordRefund'] },
  // Held with nothing recorded in: nothing to release (a hold always records the money: below).
  ON_HOLD: { unpaid: [], paid: [] },
};

/** What the server answers a staff member of `role` for the deal (admin-actions.ts getAdminApplication). */
const offered = (deal: DealFacts, role: Role): StaffDealAction[] => {
  const moveFacts: MoveFacts = {
    status: deal.status,
    paymentDeadline: null,
    receivesCash: false,
    hasPayoutDetails: false,
    assignedToId: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    clientPaid: deal.clientPaid !== null,
    paymentConfirmed: deal.paymentConfirmation !== null,
    payoutRecorded: deal.payout !== null,
    payoutReversed: deal.payoutReversal !== null,
    refunded: deal.refund !== null,
    hasInstructions: true,
    cardVerified: true,
    asked: '100',
    owed: '95',
    // The money of a deal whose records say it was paid, paid out or refunded (deal-money.ts moneyOf).
    money: {
      ...NO_MONEY_YET,
      received: deal.paymentConfirmation !== null ? '100' : '0',
      refunded: deal.refund !== null && deal.paymentConfirmation !== null ? '100' : '0',
      paidOut: deal.payout !== null ? '95' : '0',
    },
    requoteUntil: null,
    actorRole: role,
    input: {},
    now: new Date('2026-11-20T10:30:00.000Z'),
  };
  return staffDealActions(moveFacts);
};

describe('staffDealActions', () => {
  it('knows every status', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...APPLICATION_STATUSES].sort());
  });

  it.each(APPLICATION_STATUSES)('offers in %s what the lifecycle allows staff', (status) => {
    expect(offered(facts(status), 'ADMIN')).toEqual(EXPECTED[status]!.unpaid);
    expect(offered(facts(status, { clientPaid: PAID }), 'ADMIN')).toEqual(EXPECTED[status]!.paid);
  });

  it('offers to release a held payment of all that was asked, to a MANAGER too', () => {
    expect(offered(facts('ON_HOLD', { paymentConfirmation: STAFF_RECORD }), 'MANAGER')).toEqual([
      'releaseHold',
    ]);
  });

  it('offers a refund of a payment staff confirmed though the client never pressed "I have paid"', () => {
    expect(offered(facts('REJECTED', { paymentConfirmation: STAFF_RECORD }), 'MANAGER')).toEqual([
      'recordRefund',
    ]);
  });

  it('offers a refund once', () => {
    expect(offered(facts('CANCELLED', { clientPaid: PAID, refund: STAFF_RECORD }), 'ADMIN')).toEqual([]);
  });

  it('offers no refund while a payout stands', () => {
    expect(offered(facts('REJECTED', { clientPaid: PAID, payout: PAYOUT }), 'ADMIN')).toEqual([]);
  });

  describe('reversing a payout', () => {
    const exchanging = facts('EXCHANGING', { clientPaid: PAID, payout: PAYOUT });

    it('is offered to an ADMIN and a SUPER_ADMIN while the payout stands', () => {
      expect(offered(exchanging, 'ADMIN')).toEqual(['reversePayout']);
      expect(offered(exchanging, 'SUPER_ADMIN')).toEqual(['reversePayout']);
    });

    it('is not offered to a MANAGER', () => {
      expect(offered(exchanging, 'MANAGER')).toEqual([]);
    });

    it('is not offered without a recorded payout', () => {
      expect(offered(facts('EXCHANGING', { clientPaid: PAID }), 'ADMIN')).not.toContain('reversePayout');
    });

    it('is offered once per deal', () => {
      expect(offered({ ...exchanging, payoutReversal: REVERSAL }, 'ADMIN')).toEqual([]);
    });

    it('leaves the reversed deal to be paid out again', () => {
      const reversed = facts('CONFIRMED', { clientPaid: PAID, payoutReversal: REVERSAL });
      expect(offered(reversed, 'ADMIN')).toEqual(['recordPayout']);
    });
  });
});
