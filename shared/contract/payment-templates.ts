import * as z from 'zod/mini';
import { currencyCodeSchema } from '../assets';
import { PAYMENT_TEMPLATE_DETAILS_MAX_LENGTH, PAYMENT_TEMPLATE_LABEL_MAX_LENGTH } from '../constants';
import { cityKeySchema } from '../geo';
import { cardDigits, receivingNumberProblem } from '../payout-details';
import { schema } from '../schema';
import { tronAddressChecks } from '../tron-address';
import { CARD_BANK_MAX_LENGTH, CARD_HOLDER_MAX_LENGTH } from '../verification';

/**
 * Payment templates (docs/operations.md "Payment templates"): the saved payment instructions staff
 * start from when they issue a client's. One of three kinds: card or bank details for a fiat
 * currency, an office's address and how to find it in a city, or the USDT TRC-20 address the
 * client sends to. ADMIN manages them; every staff member lists them (the instructions form's picker).
 */
export const PAYMENT_TEMPLATE_KINDS = ['card', 'office', 'usdt'] as const;
export type PaymentTemplateKind = (typeof PAYMENT_TEMPLATE_KINDS)[number];

const label = () =>
  z
    .string({ error: 'templateLabelRequired' })
    .check(
      z.trim(),
      z.minLength(1, 'templateLabelRequired'),
      z.maxLength(PAYMENT_TEMPLATE_LABEL_MAX_LENGTH, 'templateLabelTooLong'),
    );

const details = () =>
  z
    .string({ error: 'templateDetailsRequired' })
    .check(
      z.trim(),
      z.minLength(1, 'templateDetailsRequired'),
      z.maxLength(PAYMENT_TEMPLATE_DETAILS_MAX_LENGTH, 'templateDetailsTooLong'),
    );

/**
 * A choice of the form (a card template's currency, an office template's city): "required" when
 * none is sent or it is empty, else the rule the value breaks.
 */
const chosen = (valid: (value: string) => boolean, rule: 'currencyCode' | 'cityKey') =>
  z.string({ error: 'required' }).check(
    z.minLength(1, 'required'),
    z.refine((value) => value === '' || valid(value), rule),
  );

/** A short optional text of a card template (the bank, the holder's name): blank is none. */
const optionalText = (max: number, rule: 'cardBankTooLong' | 'cardHolderTooLong') =>
  z.optional(
    z.nullable(
      z.pipe(
        z.string().check(z.trim(), z.maxLength(max, rule)),
        z.transform((value) => (value === '' ? null : value)),
      ),
    ),
  );

/**
 * The number a card template's client transfers to, kept as its digits (and letters, for an IBAN)
 * so the order page can offer it to copy: optional, as the details text may say it all.
 */
const receivingNumber = () =>
  z.optional(
    z.nullable(
      z.pipe(
        z.string().check(
          z.maxLength(50, 'receivingNumber'),
          z.refine(
            (value) => value.trim() === '' || receivingNumberProblem(value) !== 'receivingNumber',
            'receivingNumber',
          ),
          z.refine(
            (value) => value.trim() === '' || receivingNumberProblem(value) !== 'cardNumber',
            'cardNumber',
          ),
        ),
        z.transform((value) => (value.trim() === '' ? null : cardDigits(value).toUpperCase())),
      ),
    ),
  );

/** A TRON (TRC-20) address: base58check with the 0x41 version byte (shared/tron-address.ts). */
const tronAddress = () =>
  z
    .string({ error: 'required' })
    .check(z.trim(), z.minLength(1, 'required'), ...tronAddressChecks({ emptyAllowed: true }));

/**
 * The office account a client told to pay by the template pays into (docs/product.md "Accounts and
 * the books"): a card template's must hold its currency, a USDT template's USDT, an office
 * template's must be a cash desk. None: the money is booked on its asset's own account.
 */
const account = () => z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(120))));

/** An incoming limit's amount, in the detail's currency: up to 12 whole digits and 6 decimals, above 0. */
const limitAmount = () =>
  z.optional(
    z.nullable(
      z.string({ error: 'receivingLimitAmount' }).check(
        z.trim(),
        z.regex(/^\d{1,12}(\.\d{1,6})?$/, 'receivingLimitAmount'),
        z.refine((text) => /[1-9]/.test(text), 'receivingLimitAmount'),
      ),
    ),
  );

const limitDeals = () =>
  z.optional(
    z.nullable(
      z
        .number({ error: 'receivingLimitDeals' })
        .check(
          z.int('receivingLimitDeals'),
          z.gte(1, 'receivingLimitDeals'),
          z.lte(100_000, 'receivingLimitDeals'),
        ),
    ),
  );

/**
 * A receiving detail's limits in the pool (docs/operations.md "The pool of receiving details"):
 * what may come in per business day and per calendar month of the business's time zone, and how
 * many deals; each absent or null is no limit.
 */
export const receivingLimitsSchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    dayAmount: limitAmount(),
    monthAmount: limitAmount(),
    dayDeals: limitDeals(),
    monthDeals: limitDeals(),
  }),
);
export type ReceivingLimitsBody = z.infer<typeof receivingLimitsSchema>;

/**
 * How a card or USDT template is given to clients: `rotation`, picked by the system in turn when
 * staff do not choose (and choosable); `manual`, only when staff choose it; `paused`, not at all
 * (a card the bank blocked). Absent: `manual`, as every template was before the pool.
 */
export const TEMPLATE_AVAILABILITIES = ['rotation', 'manual', 'paused'] as const;
export type TemplateAvailability = (typeof TEMPLATE_AVAILABILITIES)[number];

/** The pool's fields of a card or USDT template: how it is given out, and its limits. */
const poolFields = () => ({
  availability: z.optional(z.enum(TEMPLATE_AVAILABILITIES, { error: 'templateAvailability' })),
  limits: z.optional(receivingLimitsSchema),
});

/**
 * The body of POST /admin/payment-templates and PUT /admin/payment-templates/{id}: one kind's
 * fields and no other. The server also checks that the rates know the currency and that the city
 * exists.
 */
export const paymentTemplateBodySchema = /* @__PURE__ */ schema(() =>
  z.discriminatedUnion(
    'kind',
    [
      z.strictObject({
        kind: z.literal('card'),
        label: label(),
        currency: chosen((value) => currencyCodeSchema.safeParse(value).success, 'currencyCode'),
        details: details(),
        number: receivingNumber(),
        bank: optionalText(CARD_BANK_MAX_LENGTH, 'cardBankTooLong'),
        holder: optionalText(CARD_HOLDER_MAX_LENGTH, 'cardHolderTooLong'),
        accountId: account(),
        ...poolFields(),
      }),
      z.strictObject({
        kind: z.literal('office'),
        label: label(),
        city: chosen((value) => cityKeySchema.safeParse(value).success, 'cityKey'),
        details: details(),
        accountId: account(),
      }),
      z.strictObject({
        kind: z.literal('usdt'),
        label: label(),
        address: tronAddress(),
        accountId: account(),
        ...poolFields(),
      }),
    ],
    { error: 'templateKind' },
  ),
);
export type PaymentTemplateBody = z.infer<typeof paymentTemplateBodySchema>;

export const paymentTemplateParamsSchema = /* @__PURE__ */ schema(() =>
  z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) }),
);

const viewFields = {
  id: z.string(),
  label: z.string(),
  /** Deals under way whose instructions came from it: it cannot be deleted meanwhile. */
  inUse: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The office account its money is booked on; null: the asset's own. */
  accountId: z.nullable(z.string()),
};

/** A pool period's use: what came in (exact decimal text in the detail's currency) and how many deals. */
const periodUse = () => z.object({ amount: z.string(), deals: z.number().check(z.int(), z.nonnegative()) });

/** A card or USDT template's place in the pool: how it is given out, its limits, and today's and this month's use. */
const poolView = () => ({
  availability: z.enum(TEMPLATE_AVAILABILITIES),
  limits: z.object({
    dayAmount: z.nullable(z.string()),
    monthAmount: z.nullable(z.string()),
    dayDeals: z.nullable(z.number()),
    monthDeals: z.nullable(z.number()),
  }),
  use: z.object({
    /** The business day and month (YYYY-MM-DD, YYYY-MM) the figures are of. */
    day: z.string(),
    month: z.string(),
    today: periodUse(),
    thisMonth: periodUse(),
  }),
  /** When the system last picked it (the round-robin's order); null: never. */
  lastPickedAt: z.nullable(z.string()),
});

/** A template as staff see it. */
export const paymentTemplateSchema = /* @__PURE__ */ schema(() =>
  z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('card'),
      ...viewFields,
      currency: z.string(),
      details: z.string(),
      /** The card or account number to transfer to, its bank and its holder (null: not given). */
      number: z.nullable(z.string()),
      bank: z.nullable(z.string()),
      holder: z.nullable(z.string()),
      ...poolView(),
    }),
    z.object({ kind: z.literal('office'), ...viewFields, city: z.string(), details: z.string() }),
    z.object({ kind: z.literal('usdt'), ...viewFields, address: z.string(), ...poolView() }),
  ]),
);
export type PaymentTemplateView = z.infer<typeof paymentTemplateSchema>;

/** GET /admin/payment-templates: every template, oldest first. */
export const paymentTemplatesDataSchema = /* @__PURE__ */ schema(() =>
  z.object({ templates: z.array(paymentTemplateSchema) }),
);
export type PaymentTemplatesData = z.infer<typeof paymentTemplatesDataSchema>;
