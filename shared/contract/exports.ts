import * as z from 'zod/mini';
import { languageSchema } from '../enums';
import { schema } from '../schema';
import { filterFields, movementDirectionSchema, periodCheck } from './transactions';

/**
 * Exports of the transaction history (docs/product.md §2 "Exports"): a file of a period's
 * movements, prepared in the background (a period may hold 100,000 of them, more than a Lambda's
 * 6 MB answer), then offered for download by a short-lived link.
 */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** `preparing` until the worker wrote the file; `ready` with a link; `failed` if it could not. */
export const EXPORT_STATES = ['preparing', 'ready', 'failed'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

/**
 * What to export: the history's filters, the file's format, and the reader's language (the CSV's
 * dialect and the headers; the staff member's interface language when absent).
 */
export const exportRequestBodySchema = /* @__PURE__ */ schema(() =>
  z
    .strictObject({ ...filterFields(), format: z.enum(EXPORT_FORMATS), language: z.optional(languageSchema) })
    .check(periodCheck()),
);
export type ExportRequestBody = z.infer<typeof exportRequestBodySchema>;

/** An export's id: a random UUID, lower case. */
const EXPORT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const exportParamsSchema = /* @__PURE__ */ schema(() =>
  z.object({ id: z.string().check(z.regex(EXPORT_ID, 'exportId')) }),
);

/** An export as its requester sees it: while it is prepared, and the download link once it is ready. */
export const exportJobSchema = /* @__PURE__ */ schema(() =>
  z.object({
    id: z.string(),
    state: z.enum(EXPORT_STATES),
    format: z.enum(EXPORT_FORMATS),
    language: languageSchema,
    /** Business days, both included, in `timeZone` (the setting businessTimeZone when it was asked). */
    period: z.object({ from: z.string(), to: z.string() }),
    timeZone: z.string(),
    currency: z.nullable(z.string()),
    direction: z.nullable(movementDirectionSchema),
    fileName: z.string(),
    createdAt: z.string(),
    /** Rows written (one per movement), once ready. */
    rows: z.nullable(z.number()),
    finishedAt: z.nullable(z.string()),
    /** A link that downloads the file for a few minutes (ask again for a fresh one); null until ready. */
    downloadUrl: z.nullable(z.string()),
    downloadExpiresAt: z.nullable(z.string()),
  }),
);
export type ExportJobView = z.infer<typeof exportJobSchema>;

/** What the export route hands the export worker when it starts it (functions/data/workers.ts). */
export interface ExportWorkerEvent {
  exportId: string;
}
