import * as z from 'zod/mini';
import { schema } from '../schema';

/** `GET /api/export/rates.xml?token=…`: the token the operator gave the monitors, when one is set. */
export const ratesExportQuerySchema = /* @__PURE__ */ schema(() =>
  z.object({ token: z.optional(z.string().check(z.maxLength(64))) }),
);

/** A monitor's revalidation: the ETag it was given last time (CloudFront sends it too). */
export const ratesExportHeadersSchema = /* @__PURE__ */ schema(() =>
  z.object({ 'if-none-match': z.optional(z.string().check(z.maxLength(200))) }),
);
