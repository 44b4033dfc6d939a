import * as z from 'zod/mini';
import { schema } from '../schema';

export const healthDataSchema = /* @__PURE__ */ schema(() =>
  z.object({
    status: z.literal('ok'),
    time: z.string(),
    database: z.enum(['ok', 'unavailable']),
  }),
);
export type HealthData = z.infer<typeof healthDataSchema>;

/** `GET /api/openapi.json` answers the document itself, described here only as a JSON object. */
export const openApiDocumentSchema = /* @__PURE__ */ schema(() => z.record(z.string(), z.unknown()));
