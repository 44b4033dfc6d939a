import type { ExpiredQuote } from '@shared/contract/applications';
import { ApiError } from '@web/lib/api-client';
import { describe, expect, it } from 'vitest';
import { acceptedExpiredQuote, expiredQuoteOf } from './expired-quote';

const figures: ExpiredQuote = {
  lockedUntil: '2026-11-20T10:30:00.000Z',
  assetTo: 'usdt-trc20',
  currencyTo: 'USDT',
  lockedRate: 1.97,
  lockedAmountTo: 197,
  currentRate: 0.985,
  currentAmountTo: 98.5,
  currentRefusal: null,
};
const refusal = (status: number, data?: unknown) =>
  new ApiError(status, 'The quote of this application expired…', [], {
    success: false,
    message: 'The quote of this application expired…',
    ...(data === undefined ? {} : { data }),
  });

describe('expiredQuoteOf', () => {
  it("reads the figures of the server's 409 for an expired quote", () => {
    expect(expiredQuoteOf(refusal(409, figures))).toEqual(figures);
  });

  it('reads nothing from another conflict, another status or another error', () => {
    expect(expiredQuoteOf(refusal(409))).toBeNull();
    expect(expiredQuoteOf(refusal(400, figures))).toBeNull();
    expect(expiredQuoteOf(new Error('network'))).toBeNull();
  });
});

describe('acceptedExpiredQuote', () => {
  it('finds the accepted quote in the audit entry of the completion', () => {
    const audit = [
      {
        at: '2026-11-20T12:00:00.000Z',
        actorId: 'staff-1',
        actorRole: 'ADMIN' as const,
        action: 'application.status',
        before: { status: 'PROCESSING' },
        after: { status: 'COMPLETED', acceptedExpiredQuote: figures },
      },
    ];
    expect(acceptedExpiredQuote(audit)).toEqual(figures);
    expect(acceptedExpiredQuote([{ ...audit[0]!, after: { status: 'COMPLETED' } }])).toBeNull();
  });
});
