import type { AdminApplicationDetail } from '@shared/contract/applications';
import { dealActionAllowed, MOVES, type MoveName } from '@shared/lifecycle';

/** What the deal panel offers staff besides the status control (docs/product.md §4 "The deal"). */
export const STAFF_DEAL_ACTIONS = [
  'issueInstructions',
  'reissueInstructions',
  'confirmPayment',
  'recordPayout',
  'completeAtOffice',
  'recordRefund',
] as const;
export type StaffDealAction = (typeof STAFF_DEAL_ACTIONS)[number];

/** The deal's facts an action depends on besides the status. */
export type DealFacts = Pick<
  AdminApplicationDetail,
  'status' | 'clientPaid' | 'paymentConfirmation' | 'refund'
>;

function staffMayMove(name: MoveName, status: string): boolean {
  return MOVES.some(
    (move) => move.name === name && move.by === 'staff' && (move.from as readonly string[]).includes(status),
  );
}

/**
 * The deal actions staff may take on an application now, read from the lifecycle table
 * (shared/lifecycle.ts) the server checks: a move where the table has it from this status, a deal
 * action where DEAL_ACTIONS allows it; a refund only once, and only of money the client paid.
 */
export function staffDealActions(deal: DealFacts): StaffDealAction[] {
  const { status } = deal;
  const allowed: Record<StaffDealAction, boolean> = {
    issueInstructions: staffMayMove('issueInstructions', status),
    reissueInstructions: dealActionAllowed('reissueInstructions', 'staff', status),
    confirmPayment: staffMayMove('confirmPayment', status),
    recordPayout: staffMayMove('recordPayout', status),
    completeAtOffice: staffMayMove('completeAtOffice', status),
    recordRefund:
      dealActionAllowed('recordRefund', 'staff', status) &&
      deal.refund === null &&
      (deal.clientPaid !== null || deal.paymentConfirmation !== null),
  };
  return STAFF_DEAL_ACTIONS.filter((action) => allowed[action]);
}
