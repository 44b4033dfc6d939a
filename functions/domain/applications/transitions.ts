import type { ApplicationStatus } from '@shared/enums';

/** Architecture §7: what staff may move where; everything else (and every terminal state) is refused. */
const STAFF_TRANSITIONS: Partial<Record<ApplicationStatus, readonly ApplicationStatus[]>> = {
  PENDING: ['PROCESSING', 'REJECTED', 'CANCELLED'],
  PROCESSING: ['COMPLETED', 'REJECTED', 'CANCELLED'],
};

export const OPEN_STATUSES: readonly ApplicationStatus[] = ['PENDING', 'PROCESSING'];

export function isOpen(status: ApplicationStatus): boolean {
  return OPEN_STATUSES.includes(status);
}

export function staffMayMove(from: ApplicationStatus, to: ApplicationStatus): boolean {
  return STAFF_TRANSITIONS[from]?.includes(to) ?? false;
}

/** The owner may only cancel, and only while nobody has started on it. */
export function ownerMayCancel(status: ApplicationStatus): boolean {
  return status === 'PENDING';
}

/** The expiry job moves PENDING applications to EXPIRED. */
export function jobMayExpire(status: ApplicationStatus): boolean {
  return status === 'PENDING';
}

/** Counter changes of one move: the old status loses one, the new one gains one, open count follows. */
export function statusCounterDeltas(from: ApplicationStatus, to: ApplicationStatus) {
  const perStatus: Record<string, number> = { [from]: -1, [to]: 1 };
  const openDelta = (isOpen(to) ? 1 : 0) - (isOpen(from) ? 1 : 0);
  return { perStatus, user: { ...perStatus, ...(openDelta !== 0 ? { openCount: openDelta } : {}) } };
}
