/**
 * How long a scheduled run may still take new work. A job asks `over()` before each piece (a
 * wallet's page, a transfer, an application) and stops there, leaving the rest to the next run,
 * so a run ends before its Lambda timeout however slow a provider is (docs/architecture.md
 * "Scheduled jobs").
 */
export interface RunBudget {
  over(): boolean;
}

/** A budget of `workMs` from now. */
export function runBudget(workMs: number, clock: () => number = Date.now): RunBudget {
  const deadline = clock() + workMs;
  return { over: () => clock() >= deadline };
}

/** No limit: a call outside a scheduled run (a test calling a job's domain function, a staff action). */
export const NO_BUDGET: RunBudget = { over: () => false };
