import { Unavailable } from '@functions/commons/errors';
import { tableAnswers } from '@functions/data/health';
import type { HealthData } from '@shared/contract/system';

export class DatabaseUnavailable extends Unavailable {
  constructor() {
    super('Database unavailable.');
  }
}

/** Liveness: the function runs and the table answers (docs/decisions.md: 503 when it does not). */
export async function checkHealth(now = new Date()): Promise<HealthData> {
  if (!(await tableAnswers())) throw new DatabaseUnavailable();
  return { status: 'ok', time: now.toISOString(), database: 'ok' };
}
