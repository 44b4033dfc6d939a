import * as z from 'zod/mini';
import { currencyDecimals, valuedCurrencySchema } from '../assets';
import { MAX_RESERVE, MAX_RESERVE_CHANGES } from '../constants';
import { hasAtMostDecimals } from '../numbers';
import { schema } from '../schema';

/**
 * What the office holds of one currency (docs/architecture.md §4): the amount, and the alert level
 * below which staff are told (once per crossing). A currency without a reserve is not tracked: its
 * amounts are not limited, and completing an application does not move it (docs/decisions.md).
 */
export const reserveSchema = /* @__PURE__ */ schema(() =>
  z.object({
    code: z.string(),
    amount: z.number(),
    alertLevel: z.number(),
    /** The amount is below the alert level now. */
    belowAlert: z.boolean(),
    /** When staff were last alerted about this crossing; null once the amount is back at or above the level. */
    alertedAt: z.nullable(z.string()),
    /** When staff last set it, and who (null: the seed). Completions move the amount without changing these. */
    updatedAt: z.string(),
    updatedBy: z.nullable(z.string()),
    /** Who `updatedBy` is: username, else email; null for the seed (the page shows this, never the id). */
    updatedByName: z.optional(z.nullable(z.string())),
    /**
     * The books hold the currency: `amount` is what its office accounts hold together, changed on
     * the accounts page (an adjustment, a transfer), not here; its alert level is still set here.
     */
    booked: z.optional(z.boolean()),
  }),
);
export type ReserveView = z.infer<typeof reserveSchema>;

export const reservesDataSchema = /* @__PURE__ */ schema(() =>
  z.object({ reserves: z.array(reserveSchema) }),
);
export type ReservesData = z.infer<typeof reservesDataSchema>;

const reserveNumber = () =>
  z.number().check(z.gte(0, 'reserveNegative'), z.lte(MAX_RESERVE, 'reserveTooLarge'));

export const reserveChangeSchema = /* @__PURE__ */ schema(() =>
  z
    .strictObject({
      code: valuedCurrencySchema,
      amount: reserveNumber(),
      alertLevel: reserveNumber(),
    })
    .check(
      z.superRefine((change, context) => {
        const places = currencyDecimals(change.code);
        for (const field of ['amount', 'alertLevel'] as const) {
          if (!hasAtMostDecimals(change[field], places)) {
            context.addIssue({
              code: 'custom',
              path: [field],
              message: 'decimalPlaces',
              params: { decimals: places },
            });
          }
        }
      }),
    ),
);

export const putReservesBodySchema = /* @__PURE__ */ schema(() =>
  z
    .strictObject({
      reserves: z
        .array(reserveChangeSchema)
        .check(z.minLength(1, 'reservesEmpty'), z.maxLength(MAX_RESERVE_CHANGES, 'tooManyReserveChanges')),
    })
    .check(
      z.superRefine((body, context) => {
        const seen = new Set<string>();
        body.reserves.forEach((change, index) => {
          if (seen.has(change.code)) {
            context.addIssue({
              code: 'custom',
              path: ['reserves', index, 'code'],
              message: 'reserveRepeated',
              params: { code: change.code },
            });
          }
          seen.add(change.code);
        });
      }),
    ),
);
export type PutReservesBody = z.infer<typeof putReservesBodySchema>;

export const putReservesDataSchema = /* @__PURE__ */ schema(() =>
  z.object({ changed: z.number().check(z.int()), reserves: z.array(reserveSchema) }),
);
