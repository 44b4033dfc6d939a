import * as z from 'zod/mini';

export const healthDataSchema = z.object({
  status: z.literal('ok'),
  time: z.string(),
  database: z.enum(['ok', 'unavailable']),
});
export type HealthData = z.infer<typeof healthDataSchema>;
