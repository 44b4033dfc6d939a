import type { ApplicationStatus } from '@shared/enums';
import { isOpen } from '@shared/lifecycle';

// Architecture §7. Every move is one table, shared/lifecycle.ts, read by the web too.

/** Counter changes of one move: the old status loses one, the new one gains one, open count follows. */
export function statusCounterDeltas(from: ApplicationStatus, to: ApplicationStatus) {
  const perStatus: Record<string, number> = { [from]: -1, [to]: 1 };
  const openDelta = (isOpen(to) ? 1 : 0) - (isOpen(from) ? 1 : 0);
  return { perStatus, user: { ...perStatus, ...(openDelta !== 0 ? { openCount: openDelta } : {}) } };
}
