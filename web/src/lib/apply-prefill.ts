import type { ExchangeChoice } from './exchange-form';

/**
 * The landing calculator's choice on its way to the apply form (docs/decisions.md "Quote hand-off"):
 * in local storage rather than session storage or the URL, because a visitor who registers first
 * comes back through the mailed verification link, often in another tab, and a login or a
 * verification only knows where to go next. It waits a day at most (the verification link's
 * lifetime) and the apply form takes it once.
 */
const STORAGE_KEY = 'applyPrefill';
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

interface Stored extends ExchangeChoice {
  savedAt: number;
}

function isStored(value: unknown): value is Stored {
  if (!value || typeof value !== 'object') return false;
  const stored = value as Record<string, unknown>;
  return (
    ['city', 'assetFrom', 'assetTo', 'amount'].every((field) => typeof stored[field] === 'string') &&
    typeof stored.savedAt === 'number'
  );
}

export function saveApplyPrefill(choice: ExchangeChoice, now = Date.now()) {
  const { city, assetFrom, assetTo, amount } = choice;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ city, assetFrom, assetTo, amount, savedAt: now }));
  } catch {
    // Storage unavailable (private mode): the apply form then opens empty, as it would anyway.
  }
}

/** The choice waiting for the apply form: null when there is none, it is a day old, or unreadable. */
export function pendingApplyPrefill(now = Date.now()): ExchangeChoice | null {
  let stored: unknown;
  try {
    stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (!isStored(stored) || now - stored.savedAt > MAX_AGE_MS || stored.savedAt > now) return null;
  const { city, assetFrom, assetTo, amount } = stored;
  return { city, assetFrom, assetTo, amount };
}

/** Once read: the form then behaves as it always did, and a later visit opens it empty. */
export function clearApplyPrefill() {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored then either.
  }
}
