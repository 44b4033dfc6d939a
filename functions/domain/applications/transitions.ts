import type { ApplicationStatus } from '@shared/enums';

// Architecture §7. The staff moves are one table in shared/lifecycle.ts, read by the admin screens too.

export const OPEN_STATUSES: readonly ApplicationStatus[] = ['PENDING', 'PROCESSING'];

export function isOpen(status: ApplicationStatus): boolean {
  return OPEN_STATUSES.includes(status);
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
