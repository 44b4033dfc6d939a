import * as z from 'zod';
import { assetKeySchema } from '../assets';
import { ORIGIN_FUNDS_VALUE, TELEGRAM_CONTACT_MIN_LENGTH } from '../constants';
import { applicationStatusSchema, requestTypeSchema, roleSchema, staffSettableStatusSchema } from '../enums';
import { geoKeySchema } from '../geo';
import { pagedSchema, pageQuerySchema, sortOrderSchema } from '../paging';
import { isTelegramContact } from '../telegram';

/** Query values the web may send empty (`?status=`) count as absent. */
export function optionalQueryText(maxLength: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().max(maxLength).optional(),
  );
}

export const applicationIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const MAX_OPEN_APPLICATIONS = 5;
export const DETAILS_MAX_LENGTH = 2000;
export const ADMIN_NOTE_MAX_LENGTH = 2000;
export const REJECTION_REASON_MAX_LENGTH = 1000;
/** The largest amount accepted in any currency. */
export const MAX_AMOUNT = 1e12;

export const contactTelegramSchema = z
  .string({ error: 'This field must be filled in' })
  .max(100)
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .min(TELEGRAM_CONTACT_MIN_LENGTH, {
        error: 'Telegram contact must be at least 3 characters.',
        abort: true,
      })
      .refine(isTelegramContact, 'Telegram contact must be a username or a phone number.'),
  );

export const amountSchema = z
  .number({ error: 'Please enter the correct positive amount' })
  .positive('Please enter the correct positive amount')
  .max(MAX_AMOUNT, 'Amount is too large.');

export const standardApplicationBodySchema = z.strictObject({
  requestType: z.literal('STANDARD'),
  continent: geoKeySchema,
  country: geoKeySchema,
  city: geoKeySchema,
  assetFrom: assetKeySchema,
  assetTo: assetKeySchema,
  amount: amountSchema,
  contactTelegram: contactTelegramSchema,
  originFunds: z.string().trim().max(200).default(ORIGIN_FUNDS_VALUE),
});

export const individualApplicationBodySchema = z.strictObject({
  requestType: z.literal('INDIVIDUAL'),
  details: z
    .string({ error: 'This field must be filled in' })
    .trim()
    .min(1, 'This field must be filled in')
    .max(DETAILS_MAX_LENGTH, `Details must be at most ${DETAILS_MAX_LENGTH} characters.`),
  contactTelegram: contactTelegramSchema,
});

export const createApplicationBodySchema = z.discriminatedUnion('requestType', [
  standardApplicationBodySchema,
  individualApplicationBodySchema,
]);
export type CreateApplicationBody = z.infer<typeof createApplicationBodySchema>;
export type StandardApplicationBody = z.infer<typeof standardApplicationBodySchema>;

/** The rate quoted when the application was created, kept with it. */
export const rateSnapshotSchema = z.object({
  rate: z.number(),
  markupPercent: z.number(),
  usdValueFrom: z.number(),
  usdValueTo: z.number(),
  quotedAt: z.string(),
});
export type RateSnapshot = z.infer<typeof rateSnapshotSchema>;

/** An application as its owner sees it (no staff-only fields). */
export const applicationSchema = z.object({
  id: z.string(),
  requestType: requestTypeSchema,
  status: applicationStatusSchema,
  amountFrom: z.number().nullable(),
  amountTo: z.number().nullable(),
  amountUSD: z.number().nullable(),
  assetFrom: z.string().nullable(),
  assetTo: z.string().nullable(),
  currencyFrom: z.string().nullable(),
  currencyTo: z.string().nullable(),
  continent: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  details: z.string().nullable(),
  contactData: z.object({ telegram: z.string() }),
  originFunds: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  rate: rateSnapshotSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ApplicationView = z.infer<typeof applicationSchema>;

/** The application in the admin table: the owner's email and telegramId, the assignee's username. */
export const adminApplicationSchema = applicationSchema.extend({
  userId: z.string(),
  user: z.object({ email: z.string(), telegramId: z.string().nullable() }).nullable(),
  assignedToId: z.string().nullable(),
  assignedTo: z.string().nullable(),
  adminNote: z.string().nullable(),
});
export type AdminApplicationView = z.infer<typeof adminApplicationSchema>;

export const statusHistoryEntrySchema = z.object({
  from: applicationStatusSchema.nullable(),
  to: applicationStatusSchema,
  at: z.string(),
  actorId: z.string().nullable(),
  actorRole: z.union([roleSchema, z.literal('SYSTEM')]),
  reason: z.string().nullable(),
});
export type StatusHistoryEntry = z.infer<typeof statusHistoryEntrySchema>;

export const auditEntrySchema = z.object({
  at: z.string(),
  actorId: z.string(),
  actorRole: roleSchema,
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});

export const adminApplicationDetailSchema = adminApplicationSchema.extend({
  history: z.array(statusHistoryEntrySchema),
  audit: z.array(auditEntrySchema),
});
export type AdminApplicationDetail = z.infer<typeof adminApplicationDetailSchema>;

const cursorSchema = optionalQueryText(300);

export const listMyApplicationsQuerySchema = z.object({
  ...pageQuerySchema(50, 10),
  cursor: cursorSchema,
  sortBy: z.enum(['createdAt']).default('createdAt'),
  sortOrder: sortOrderSchema.default('desc'),
});
export type ListMyApplicationsQuery = z.infer<typeof listMyApplicationsQuerySchema>;

/** A page of a list; `nextCursor` continues from its last item (cheaper than a page number). */
export function cursorPagedSchema<T extends z.ZodType>(item: T) {
  return pagedSchema(item).extend({ nextCursor: z.string().nullable() });
}

export const myApplicationsPageSchema = cursorPagedSchema(applicationSchema);

export const ADMIN_SORT_FIELDS = ['createdAt', 'amountFrom', 'status'] as const;
export const listAdminApplicationsQuerySchema = z.object({
  ...pageQuerySchema(100, 10),
  cursor: cursorSchema,
  sortBy: z.enum(ADMIN_SORT_FIELDS).default('createdAt'),
  sortOrder: sortOrderSchema.default('desc'),
  search: optionalQueryText(100),
  status: z.preprocess((value) => (value === '' ? undefined : value), applicationStatusSchema.optional()),
  userId: optionalQueryText(100),
});
export type ListAdminApplicationsQuery = z.infer<typeof listAdminApplicationsQuerySchema>;

export const adminApplicationsPageSchema = cursorPagedSchema(adminApplicationSchema).extend({
  /** Set when sorting or searching covered only the newest `window` applications of the filter. */
  window: z.number().int().nullable(),
});

export const changeStatusBodySchema = z
  .strictObject({
    status: staffSettableStatusSchema,
    rejectionReason: z.string().max(REJECTION_REASON_MAX_LENGTH).optional(),
    /** The status the staff member saw; the change applies only if it is still the current one. */
    expectedStatus: applicationStatusSchema.optional(),
  })
  .superRefine((body, context) => {
    if (body.status === 'REJECTED' && !body.rejectionReason?.trim()) {
      context.addIssue({
        code: 'custom',
        path: ['rejectionReason'],
        message: 'Reason for rejection required.',
      });
    }
  });
export type ChangeStatusBody = z.infer<typeof changeStatusBodySchema>;

export const updateDetailsBodySchema = z
  .strictObject({
    adminNote: z
      .string()
      .max(ADMIN_NOTE_MAX_LENGTH, `Note must be at most ${ADMIN_NOTE_MAX_LENGTH} characters.`)
      .nullable()
      .optional(),
    assignedToId: z.string().min(1).max(100).nullable().optional(),
  })
  .refine((body) => body.adminNote !== undefined || body.assignedToId !== undefined, {
    message: 'Send adminNote and/or assignedToId.',
  });
export type UpdateDetailsBody = z.infer<typeof updateDetailsBodySchema>;
