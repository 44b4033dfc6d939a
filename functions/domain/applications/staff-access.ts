import { type ApplicationRecord, findApplication } from '@functions/data/applications';
import type { DealActor } from '@functions/domain/accounts/principal';
import type { StaffDealAction } from '@shared/lifecycle';
import { dealInScope, mayRefund, type StaffScope } from '@shared/staff-scope';
import { ApplicationNotFound, DealOutsideScope, OwnApplication, RefundNotInScope } from './errors';

/*
 * Which deals a staff member may see and work (docs/operations.md "Staff shifts and rights"): any but their
 * own, and for a MANAGER an ADMIN narrowed, only those of their cities and directions. Every staff
 * route on a deal comes through here, so no action reaches a deal the list would not show.
 */

/** Refuses a deal outside the caller's rights (403). */
export function assertInScope(scope: StaffScope | null | undefined, application: ApplicationRecord): void {
  if (!dealInScope(scope ?? null, application)) throw new DealOutsideScope();
}

/** Refuses a refund to a MANAGER without the right to record one (403). */
export function assertMayRefund(actor: DealActor): void {
  if (!mayRefund(actor.scope ?? null)) throw new RefundNotInScope();
}

/** The deal moves that record a refund: not offered to a MANAGER without the right. */
const REFUNDS: readonly StaffDealAction[] = ['recordRefund', 'refundExcess'];

/** What the deal's state allows, less what the caller's rights do not (the page offers only these). */
export function actionsWithinRights(actions: StaffDealAction[], actor: DealActor): StaffDealAction[] {
  return mayRefund(actor.scope ?? null) ? actions : actions.filter((action) => !REFUNDS.includes(action));
}

/** An application staff may act on: it exists, is not their own, and is within their rights. */
export async function findForStaff(id: string, actor: DealActor): Promise<ApplicationRecord> {
  const application = await findApplication(id);
  if (!application) throw new ApplicationNotFound();
  if (application.userId === actor.id) throw new OwnApplication();
  assertInScope(actor.scope, application);
  return application;
}
