import type { ApplicationStatus, StaffSettableStatus } from './enums';

/**
 * The moves staff may make (docs/architecture.md §7), one table read by the server's check and by the
 * admin status control, so the control offers exactly what the server accepts. A status without an
 * entry (every terminal one and the display-only ones) has no move.
 */
const STAFF_MOVES: Partial<Record<ApplicationStatus, readonly StaffSettableStatus[]>> = {
  PENDING: ['PROCESSING', 'REJECTED', 'CANCELLED'],
  PROCESSING: ['COMPLETED', 'REJECTED', 'CANCELLED'],
};

/** Where staff may move an application from `status` (empty: nowhere, show it as a badge). */
export function staffMovesFrom(status: string): readonly StaffSettableStatus[] {
  return (STAFF_MOVES as Record<string, readonly StaffSettableStatus[] | undefined>)[status] ?? [];
}

export function staffMayMove(from: ApplicationStatus, to: ApplicationStatus): boolean {
  return (staffMovesFrom(from) as readonly string[]).includes(to);
}
