import type { LiveNoticeType } from '@shared/contract/live';

/**
 * What the admin screens listen for (live push) and what they share about it: while the live
 * connection is down (reconnecting), the lists and the detail are read again this often; a screen
 * that loaded applications tells the staff attention whom each is assigned to, so a new message's
 * alert needs no extra call for them.
 */
export const ADMIN_POLL_MS = 20_000;

export const APPLICATION_NOTICES = [
  'application.created',
  'application.paid',
  'application.changed',
  'message.created',
] as const satisfies readonly LiveNoticeType[];

/**
 * The notices an open application detail reads itself again for (its thread listens for messages):
 * a chain event of the deal among them, as its transfer waiting for staff changes no application.
 */
export const DETAIL_NOTICES = [
  'application.paid',
  'application.changed',
  'chain.application',
] as const satisfies readonly LiveNoticeType[];

export const REVIEW_NOTICES = ['chainTransfer.review'] as const satisfies readonly LiveNoticeType[];

/** A client's photos joining the verification queue. */
export const VERIFICATION_NOTICES = ['verification.submitted'] as const satisfies readonly LiveNoticeType[];

const MAX_KNOWN = 500;
/** Application id → the staff member's id it is assigned to (null: unassigned), as last loaded. */
const assignees = new Map<string, string | null>();

export function rememberAssignees(applications: readonly { id: string; assignedToId: string | null }[]) {
  for (const { id, assignedToId } of applications) {
    assignees.delete(id);
    assignees.set(id, assignedToId);
  }
  // The oldest entries go first (a Map keeps the order of insertion).
  for (const id of assignees.keys()) {
    if (assignees.size <= MAX_KNOWN) break;
    assignees.delete(id);
  }
}

/** The assignee as last loaded: a staff id, null (unassigned), or undefined (not known here). */
export function knownAssignee(id: string): string | null | undefined {
  return assignees.get(id);
}
