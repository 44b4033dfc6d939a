import { VISIT_SOURCE_DAYS, type VisitSource, visitSourceOf } from '@shared/visit-source';

/**
 * The source of the latest visit that said where it came from (shared/visit-source.ts), kept in
 * this browser for VISIT_SOURCE_DAYS and sent with the visitor's next application.
 */
const STORAGE_KEY = 'visitSource';
const DAY_MS = 86_400_000;

/**
 * On arrival: what the address and the referrer say, kept if they say anything and counted as a
 * click of that source (visit-click.ts, loaded on such an arrival only).
 */
export function rememberVisitSource(search: string, referrer: string, ownHost: string, now = Date.now()) {
  const source = visitSourceOf(search, referrer, ownHost);
  if (!source) return;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ source, at: now }));
  } catch {
    // Storage off (a private window's quota): the application goes without its source.
  }
  void import('./visit-click').then((click) => click.countVisit(source));
}

/** The source kept, unless it is older than VISIT_SOURCE_DAYS or storage is off. */
export function rememberedVisitSource(now = Date.now()): VisitSource | null {
  try {
    const kept = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as {
      source?: VisitSource;
      at?: number;
    } | null;
    if (!kept?.source || typeof kept.at !== 'number') return null;
    return now - kept.at <= VISIT_SOURCE_DAYS * DAY_MS ? kept.source : null;
  } catch {
    return null;
  }
}
