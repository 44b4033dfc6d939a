import * as z from 'zod/mini';
import { schema } from '../schema';

/** One coin of the landing page's ticker, in USD. */
export const tickerCoinSchema = /* @__PURE__ */ schema(() =>
  z.object({
    id: z.string(),
    symbol: z.string(),
    name: z.string(),
    price: z.number(),
    /** Percent change over 24 h; null when the provider gave none. */
    change24h: z.nullable(z.number()),
  }),
);
export type TickerCoin = z.infer<typeof tickerCoinSchema>;

/**
 * `GET /api/market/ticker`: the coins in the spec's order, when the provider answered them, and
 * whether they are the last good answer kept because the provider failed just now.
 */
export const tickerDataSchema = /* @__PURE__ */ schema(() =>
  z.object({
    coins: z.array(tickerCoinSchema),
    updatedAt: z.string(),
    stale: z.boolean(),
  }),
);
export type TickerData = z.infer<typeof tickerDataSchema>;
