import * as z from 'zod/mini';
import { schema } from './schema';

export const sortOrderSchema = /* @__PURE__ */ schema(() => z.enum(['asc', 'desc']));
export type SortOrder = z.infer<typeof sortOrderSchema>;

/** Query-string page number and size; query values arrive as strings. */
export function pageQuerySchema(maxLimit: number, defaultLimit: number) {
  return {
    page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000)), 1),
    limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(maxLimit)), defaultLimit),
  };
}

export function pagedSchema<T extends z.ZodMiniType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().check(z.int(), z.nonnegative()),
    totalPages: z.number().check(z.int(), z.nonnegative()),
  });
}
export type Paged<T> = { items: T[]; total: number; totalPages: number };

export function totalPages(total: number, limit: number): number {
  return Math.ceil(total / limit);
}
