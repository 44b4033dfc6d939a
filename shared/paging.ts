import * as z from 'zod';

export const sortOrderSchema = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof sortOrderSchema>;

/** Query-string page number and size; query values arrive as strings. */
export function pageQuerySchema(maxLimit: number, defaultLimit: number) {
  return {
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
  };
}

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    totalPages: z.number().int().nonnegative(),
  });
}
export type Paged<T> = { items: T[]; total: number; totalPages: number };

export function totalPages(total: number, limit: number): number {
  return Math.ceil(total / limit);
}
