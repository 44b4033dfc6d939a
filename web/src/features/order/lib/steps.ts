import type { ApplicationDetail } from '@shared/contract/applications';
import { DETOUR_STATUSES, OPEN_STATUSES } from '@shared/lifecycle';

/**
 * The deal's path, in order (shared/lifecycle.ts): the steps the order page shows. A detour (a held
 * payment) is a step only of a deal that went there.
 */
export const NORMAL_PATH = [...OPEN_STATUSES, 'COMPLETED'] as const;
const DETOURS: readonly string[] = DETOUR_STATUSES;

export type TimelineActor = ApplicationDetail['timeline'][number]['actor'];

/**
 * A step as the page shows it: `done` (reached), `current` (the deal is here), `upcoming`, `skipped`
 * (passed without stopping there: staff confirmed before the client said they paid, or completed a
 * deal at the office), or `ended` (the off-path end: cancelled, rejected, expired).
 */
export type StepState = 'done' | 'current' | 'upcoming' | 'skipped' | 'ended';

export interface OrderStep {
  status: string;
  state: StepState;
  /** When the step was reached and who moved the deal there (the timeline's last entry of it). */
  at: string | null;
  actor: TimelineActor | null;
}

/**
 * The steps of an application: on the normal path every step, those behind done or skipped, the
 * current one, those ahead upcoming (a completed deal is all done); off it, the steps it went
 * through and then its end. An application's first step is reached when it was created, by its owner,
 * should the timeline not say so.
 */
export function orderSteps(
  detail: Pick<ApplicationDetail, 'status' | 'timeline' | 'createdAt'>,
): OrderStep[] {
  const reached = new Map<string, { at: string; actor: TimelineActor }>();
  for (const entry of detail.timeline) reached.set(entry.status, { at: entry.at, actor: entry.actor });
  if (!reached.has('PENDING')) reached.set('PENDING', { at: detail.createdAt, actor: 'client' });
  const step = (status: string, state: StepState): OrderStep => ({
    status,
    state,
    at: state === 'upcoming' || state === 'skipped' ? null : (reached.get(status)?.at ?? null),
    actor: state === 'upcoming' || state === 'skipped' ? null : (reached.get(status)?.actor ?? null),
  });
  const path: readonly string[] = NORMAL_PATH.filter(
    (status) => !DETOURS.includes(status) || reached.has(status) || detail.status === status,
  );
  const current = path.indexOf(detail.status);
  if (current >= 0) {
    return path.map((status, index) => {
      if (index > current) return step(status, 'upcoming');
      if (index === current) return step(status, status === 'COMPLETED' ? 'done' : 'current');
      return step(status, reached.has(status) ? 'done' : 'skipped');
    });
  }
  const lastReached = path.reduce((last, status, index) => (reached.has(status) ? index : last), 0);
  return [
    ...path.slice(0, lastReached + 1).map((status) => step(status, reached.has(status) ? 'done' : 'skipped')),
    step(detail.status, 'ended'),
  ];
}
