import * as z from 'zod/mini';
import { schema } from '../schema';

/** Where a completion's market rate came from: the rates job's feed prices, or staff's USD values. */
export const MARKET_SOURCES = ['feed', 'manual'] as const;

/**
 * A completed deal's market snapshot (docs/product.md §4 "Completion"): the market's rate when the
 * deal completed and what the deal earned against it, for the reports. The profit is the market's
 * worth of what the client gave less what was paid out, exactly, rounded half up once to each
 * currency's decimals; negative is a loss.
 */
export const completionSnapshotSchema = /* @__PURE__ */ schema(() =>
  z.object({
    completedAt: z.string(),
    /** The deal's own rate and amounts at completion (`to` per `from`). */
    rate: z.number(),
    amountFrom: z.number(),
    amountTo: z.number(),
    currencyFrom: z.string(),
    currencyTo: z.string(),
    /** The market's rate then, `to` per `from`, to 10 significant digits. */
    marketRate: z.number(),
    marketSource: z.enum(MARKET_SOURCES),
    /** The older of the two prices behind it (feed), or the later change of the two USD values. */
    marketAsOf: z.string(),
    fiatCurrency: z.string(),
    profitFiat: z.number(),
    profitUsdt: z.number(),
  }),
);
export type CompletionSnapshot = z.infer<typeof completionSnapshotSchema>;
