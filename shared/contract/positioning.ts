import * as z from 'zod/mini';
import { TYPED_FIGURE_PATTERN } from '../exact-rate';
import { compare } from '../money';
import { schema } from '../schema';

/**
 * Holding a place on BestChange (docs/product.md §10 "Holding a place"): staff give a published
 * card or SBP direction a target place among the exchangers BestChange lists for it (1 is the top),
 * the bounds its rate stays within and the step by which it beats the exchanger at that place.
 * Every figure reads `1 {unit} = figure` of the other side, as a typed rate does and the rates page
 * shows it (USDT for RUB, the euro for EUR), whichever way the direction goes; the floor is the lower
 * figure, the ceiling the higher.
 */
export const MAX_TARGET_PLACE = 50;

/** A figure of positioning: a plain decimal as typed (`96.25`), more than zero. */
const figureSchema = /* @__PURE__ */ schema(() =>
  z.string().check(
    z.regex(TYPED_FIGURE_PATTERN, 'positioningFigure'),
    z.refine((figure) => compare(figure, 0) > 0, 'positioningFigure'),
  ),
);

export const positioningSchema = /* @__PURE__ */ schema(() =>
  z
    .strictObject({
      /** The side the figures are per one of: USDT or the fiat currency (a currency code). */
      unit: z.string().check(z.regex(/^[A-Z]{3,4}$/, 'positioningUnit')),
      place: z.number().check(z.int(), z.gte(1), z.lte(MAX_TARGET_PLACE)),
      floor: figureSchema,
      ceiling: figureSchema,
      step: figureSchema,
    })
    .check(
      z.superRefine((positioning, context) => {
        const { floor, ceiling } = positioning;
        if (
          [floor, ceiling].every((figure) => TYPED_FIGURE_PATTERN.test(figure)) &&
          compare(floor, ceiling) > 0
        ) {
          context.addIssue({ code: 'custom', path: ['ceiling'], message: 'positioningCeilingBelowFloor' });
        }
      }),
    ),
);
export type Positioning = z.infer<typeof positioningSchema>;

/** A competitor next to the direction's place: its name on BestChange and its figure. */
const neighbourSchema = /* @__PURE__ */ schema(() => z.object({ exchanger: z.string(), figure: z.string() }));

/**
 * What the rates job last did for a positioned direction (GET /admin/rates): when it read the
 * archive, the figure it set and the place that takes, the bound that stopped it, the five
 * competitors above and below, and the figure before (a move's "from"). `problem`: `archive` when
 * the archive could not be read, `unlisted` when BestChange lists neither of the direction's codes;
 * the direction then prices from its own source.
 */
export const positionSchema = /* @__PURE__ */ schema(() =>
  z.object({
    checkedAt: z.string(),
    problem: z.nullable(z.enum(['archive', 'unlisted'])),
    /** Why the archive was not read, as the job logged it. */
    detail: z.nullable(z.string()),
    figure: z.nullable(z.string()),
    place: z.nullable(z.number()),
    /** The figure the target place needed, when a bound kept the rate from it. */
    wanted: z.nullable(z.string()),
    heldBy: z.nullable(z.enum(['floor', 'ceiling'])),
    competitors: z.number(),
    above: z.array(neighbourSchema),
    below: z.array(neighbourSchema),
    previousFigure: z.nullable(z.string()),
    /** When the figure last changed. */
    movedAt: z.nullable(z.string()),
  }),
);
export type Position = z.infer<typeof positionSchema>;
