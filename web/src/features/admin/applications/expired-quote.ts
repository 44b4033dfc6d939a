import {
  type AdminApplicationDetail,
  type ExpiredQuote,
  expiredQuoteSchema,
} from '@shared/contract/applications';
import { ApiError } from '@web/lib/api-client';
import * as z from 'zod/mini';

/**
 * The figures of a refused completion whose quote lock has ended (the server's 409 with the locked
 * and the fresh amount in `data`), or null for any other failure.
 */
export function expiredQuoteOf(error: unknown): ExpiredQuote | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = z.safeParse(expiredQuoteSchema, error.envelope?.data);
  return parsed.success ? parsed.data : null;
}

/** The expired quote staff accepted when completing, as its audit entry records it; null if none was. */
export function acceptedExpiredQuote(audit: AdminApplicationDetail['audit']): ExpiredQuote | null {
  for (const entry of audit) {
    const parsed = z.safeParse(expiredQuoteSchema, entry.after?.acceptedExpiredQuote);
    if (parsed.success) return parsed.data;
  }
  return null;
}
