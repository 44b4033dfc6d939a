import * as z from 'zod/mini';
import { BLACKLIST_KINDS, blacklistValueProblem } from '../blacklist';
import { BLACKLIST_PAGE_LIMIT, BLACKLIST_REASON_MAX_LENGTH } from '../constants';
import { schema } from '../schema';
import { optionalQueryText } from './applications';

/**
 * The operator's blacklists (docs/product.md "Blacklists"): cards (last four digits and holder),
 * TRON addresses, emails, phones, Telegram usernames and IPs. A MANAGER reads them; an ADMIN adds
 * and removes entries, each with a reason, audited.
 */

export const blacklistKindSchema = /* @__PURE__ */ schema(() => z.enum(BLACKLIST_KINDS));

const reason = () =>
  z
    .string({ error: 'blacklistReasonRequired' })
    .check(
      z.trim(),
      z.minLength(1, 'blacklistReasonRequired'),
      z.maxLength(BLACKLIST_REASON_MAX_LENGTH, 'blacklistReasonTooLong'),
    );

/**
 * POST /admin/blacklist: the kind, the value (a card's last four digits) and, for a card, the
 * holder's name; the value is checked by its kind's rule (shared/blacklist.ts) and stored written
 * the one way (`normalizeBlacklistValue`).
 */
export const blacklistEntryBodySchema = /* @__PURE__ */ schema(() =>
  z
    .strictObject({
      kind: blacklistKindSchema,
      value: z.string({ error: 'required' }).check(z.trim(), z.maxLength(254)),
      holder: z.optional(z.string().check(z.trim(), z.maxLength(200))),
      reason: reason(),
    })
    .check(
      z.superRefine((body, context) => {
        const problem = blacklistValueProblem(body.kind, body.value, body.holder);
        if (problem) context.addIssue({ code: 'custom', path: [problem.field], message: problem.code });
      }),
    ),
);
export type BlacklistEntryBody = z.infer<typeof blacklistEntryBodySchema>;

/** DELETE /admin/blacklist/{kind}/{value}: why the entry goes (kept in the audit trail). */
export const blacklistRemoveBodySchema = /* @__PURE__ */ schema(() => z.strictObject({ reason: reason() }));
export type BlacklistRemoveBody = z.infer<typeof blacklistRemoveBodySchema>;

/** The entry's kind and its stored value (a card's `last4|HOLDER`), as the list answers them. */
export const blacklistEntryParamsSchema = /* @__PURE__ */ schema(() =>
  z.object({
    kind: blacklistKindSchema,
    value: z.string().check(z.minLength(1), z.maxLength(400)),
  }),
);

export const blacklistQuerySchema = /* @__PURE__ */ schema(() =>
  z.object({
    kind: blacklistKindSchema,
    /** The `nextCursor` of the page before, for the same kind. */
    cursor: optionalQueryText(400),
    limit: z._default(
      z.coerce.number().check(z.int(), z.gte(1), z.lte(BLACKLIST_PAGE_LIMIT.max)),
      BLACKLIST_PAGE_LIMIT.default,
    ),
  }),
);
export type BlacklistQuery = z.infer<typeof blacklistQuerySchema>;

/** An entry as staff see it. */
export const blacklistEntrySchema = /* @__PURE__ */ schema(() =>
  z.object({
    kind: blacklistKindSchema,
    /** As stored and looked up (shared/blacklist.ts `normalizeBlacklistValue`); a card's `last4|HOLDER`. */
    value: z.string(),
    reason: z.string(),
    createdAt: z.string(),
    /** The staff member who listed it: id and, as at that time, username else email. */
    createdBy: z.object({ id: z.string(), name: z.string() }),
  }),
);
export type BlacklistEntryView = z.infer<typeof blacklistEntrySchema>;

/** A page of one list, newest first. No total: counting would read it all. */
export const blacklistPageSchema = /* @__PURE__ */ schema(() =>
  z.object({ items: z.array(blacklistEntrySchema), nextCursor: z.nullable(z.string()) }),
);
export type BlacklistPage = z.infer<typeof blacklistPageSchema>;
