import type { AdminApplicationDetail } from '@shared/contract/applications';
import { hasRoleAtLeast, type Role } from '@shared/enums';
import { dealActionAllowed, MOVES, type MoveName } from '@shared/lifecycle';
import { adminReversePayout } from '@shared/routes/admin-applications';

/** What the deal panel offers staff besides the status control (docs/product.md §4 "The deal"). */
export const STAFF_DEAL_ACTIONS = [
  'issueInstructions',
  'reissueInstructions',
  'confirmPayment',
  'recordPayout',
  'reversePayout',
  'completeAtOffice',
  'recordRefund',
] as const;
export type StaffDealAction = (typeof STAFF_DEAL_ACTIONS)[number];

/** The deal's facts an action depends on besides the status. */
export type DealFacts = Pick<
  AdminApplicationDetail,
  'status' | 'clientPaid' | 'paymentConfirmation' | 'payout' | 'payoutReversal' | 'refund'
>;

function staffMayMove(name: MoveName, status: string): boolean {
  return MOVES.some(
    (move) => move.name === name && move.by === 'staff' && (move.from as readonly string[]).includes(status),
  );
}

/**
 * The deal actions a staff member of `role` may take on an application now, read from the lifecycle
 * table (shared/lifecycle.ts) the server checks: a move where the table has it from this status, a
 * deal action where DEAL_ACTIONS allows it. A payout is reversed only while one stands, once per
 * deal, by the route's role (ADMIN); a refund only once, only of money the client paid, and never
 * while a payout stands (the server's RefundAfterPayout).
 */
export function staffDealActions(deal: DealFacts, role: Role): StaffDealAction[] {
  const { status } = deal;
  const allowed: Record<StaffDealAction, boolean> = {
    issueInstructions: staffMayMove('issueInstructions', status),
    reissueInstructions: dealActionAllowed('reissueInstructions', 'staff', status),
    confirmPayment: staffMayMove('confirmPayment', status),
    recordPayout: staffMayMove('recordPayout', status),
    reversePayout:
      staffMayMove('reversePayout', status) &&
      deal.payout !== null &&
      deal.payoutReversal === null &&
      hasRoleAtLeast(role, adminReversePayout.access),
    completeAtOffice: staffMayMove('completeAtOffice', status),
    recordRefund:
      dealActionAllowed('recordRefund', 'staff', status) &&
      deal.refund === null &&
      deal.payout === null &&
      (deal.clientPaid !== null || deal.paymentConfirmation !== null),
  };
  return STAFF_DEAL_ACTIONS.filter((action) => allowed[action]);
}
