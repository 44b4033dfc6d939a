import * as z from 'zod/mini';

/**
 * Classic zod's `z.preprocess`, which zod/mini lacks: `fn` rewrites the raw value before `schema`
 * parses it. The cast keeps classic's typing, where an optional `schema` leaves the key optional.
 */
export function preprocess<U extends z.ZodMiniType>(fn: (value: unknown) => unknown, schema: U) {
  return z.pipe(z.transform(fn), schema) as unknown as z.ZodMiniType<
    z.output<U>,
    unknown,
    z.core.$ZodPreprocessInternals<U, unknown>
  >;
}
