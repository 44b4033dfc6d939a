import * as z from 'zod/mini';
import { schema } from './schema';

/**
 * A field error. `path` is the dotted field path; `param` repeats it because the spec's
 * admin user edit call names that key `param` (see docs/decisions.md).
 */
export const fieldErrorSchema = /* @__PURE__ */ schema(() =>
  z.object({ path: z.string(), param: z.string(), msg: z.string() }),
);
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Every API answer, success or failure, has this shape (docs/product.md §7). */
export function envelopeSchema<T extends z.ZodMiniType>(data: T) {
  return z.object({
    success: z.boolean(),
    message: z.string(),
    data: z.optional(data),
    errors: z.optional(z.array(fieldErrorSchema)),
  });
}
export type Envelope<T> = { success: boolean; message: string; data?: T; errors?: FieldError[] };

export function fieldError(path: string, msg: string): FieldError {
  return { path, param: path, msg };
}
