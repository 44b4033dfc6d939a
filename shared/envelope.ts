import * as z from 'zod/mini';
import { schema } from './schema';

/** The values a refusal's or a field error's text names (an amount, a status, a limit, a time), by name. */
export const refusalParamsSchema = /* @__PURE__ */ schema(() =>
  z.record(z.string(), z.union([z.string(), z.number()])),
);
export type RefusalParams = z.infer<typeof refusalParamsSchema>;

/**
 * A field error. `path` is the dotted field path; `param` repeats it because the spec's
 * admin user edit call names that key `param` (see docs/decisions.md). `code` names the rule the
 * field broke (shared/field-rules.ts, or `zod.<issue>`), `msg` is its English text and `params`
 * the values that text names.
 */
export const fieldErrorSchema = /* @__PURE__ */ schema(() =>
  z.object({
    path: z.string(),
    param: z.string(),
    code: z.string(),
    msg: z.string(),
    params: z.optional(refusalParamsSchema),
  }),
);
export type FieldError = z.infer<typeof fieldErrorSchema>;

/**
 * Every API answer, success or failure, has this shape (docs/product.md §7). A refusal also carries
 * `code`, the stable name of its case (a DomainError's class name, or the pipeline's own such as
 * `ValidationFailed`), and `params`, the values its English `message` names, so a client can say
 * the same in its own language (docs/architecture.md §3).
 */
export function envelopeSchema<T extends z.ZodMiniType>(data: T) {
  return z.object({
    success: z.boolean(),
    message: z.string(),
    code: z.optional(z.string()),
    params: z.optional(refusalParamsSchema),
    data: z.optional(data),
    errors: z.optional(z.array(fieldErrorSchema)),
  });
}
export type Envelope<T> = {
  success: boolean;
  message: string;
  code?: string;
  params?: RefusalParams;
  data?: T;
  errors?: FieldError[];
};
