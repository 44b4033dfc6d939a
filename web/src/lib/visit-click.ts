import { recordVisit } from '@shared/routes/reports';
import type { VisitSource } from '@shared/visit-source';
import { call } from './api-client';

/** The source this browser session last counted: a reload of the same link is no new click. */
const COUNTED_KEY = 'visitCounted';

/**
 * Counts an arrival as a click of its source (POST /visits), once per source per browser session.
 * A click not counted (offline, refused) is no reason to trouble the visitor.
 */
export async function countVisit(source: VisitSource): Promise<void> {
  const counted = JSON.stringify(source);
  try {
    if (sessionStorage.getItem(COUNTED_KEY) === counted) return;
    sessionStorage.setItem(COUNTED_KEY, counted);
  } catch {
    // Session storage off: counted at each arrival, as without it.
  }
  try {
    await call(recordVisit, { body: { source } });
  } catch {
    // Not counted: the reports show one click fewer.
  }
}
