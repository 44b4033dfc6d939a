import * as z from 'zod/mini';
import { currencyDecimals, valuedCurrencySchema } from '../assets';
import { hasAtMostDecimals } from '../numbers';
import { schema } from '../schema';

/** Largest reserve or alert level staff may type (the amounts of applications stop at 1e12 too). */
export const MAX_RESERVE = 1e12;
/** Reserves one PUT /admin/reserves may change (they are written in one transaction with the audit). */
export const MAX_RESERVE_CHANGES = 60;

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
  }),
);
export type ReserveView = z.infer<typeof reserveSchema>;

export const reservesDataSchema = /* @__PURE__ */ schema(() =>
  z.object({ reserves: z.array(reserveSchema) }),
);
export type ReservesData = z.infer<typeof reservesDataSchema>;

const reserveNumber = () =>
  z.number().check(z.gte(0, 'Must be 0 or more.'), z.lte(MAX_RESERVE, `Must be at most ${MAX_RESERVE}.`));

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
            context.addIssue({ code: 'custom', path: [field], message: `At most ${places} decimal places.` });
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
        .check(
          z.minLength(1, 'Send at least one reserve.'),
          z.maxLength(MAX_RESERVE_CHANGES, `At most ${MAX_RESERVE_CHANGES} changes per request.`),
        ),
    })
    .check(
      z.superRefine((body, context) => {
        const seen = new Set<string>();
        body.reserves.forEach((change, index) => {
          if (seen.has(change.code)) {
            context.addIssue({
              code: 'custom',
              path: ['reserves', index, 'code'],
              message: `${change.code} appears more than once.`,
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
