import * as z from 'zod/mini';
import { isTimeZone } from '../business-time';
import { SETTING_DEFAULTS, SETTING_KEYS, type SettingKey, type SettingKind } from '../constants';
import { dashboardPeriodSchema, hasRoleAtLeast, type Role } from '../enums';
import { type FieldProblem, type FieldRuleCode, ruleProblem } from '../field-rules';
import { geoKeySchema, geoTreeSchema } from '../geo';
import { preprocess } from '../preprocess';
import { REPORTING_CURRENCIES } from '../reports';
import { schema } from '../schema';
import { emailSchema } from './auth';

// Dashboard

export const dashboardQuerySchema = /* @__PURE__ */ schema(() =>
  z.object({
    period: preprocess(
      (value) => (value === '' ? undefined : value),
      z._default(dashboardPeriodSchema, 'day'),
    ),
  }),
);

export const dashboardDataSchema = /* @__PURE__ */ schema(() =>
  z.object({
    period: dashboardPeriodSchema,
    /** First and last business day (the setting businessTimeZone) the figures cover (yyyy-mm-dd). */
    from: z.string(),
    to: z.string(),
    kpi: z.object({
      newApplications: z.number().check(z.int()),
      inProgress: z.number().check(z.int()),
      completedApplications: z.number().check(z.int()),
      newUsers: z.number().check(z.int()),
    }),
    funnel: z.object({
      PENDING: z.number().check(z.int()),
      PROCESSING: z.number().check(z.int()),
      COMPLETED: z.number().check(z.int()),
    }),
    recentCompleted: z.array(
      z.object({
        id: z.string(),
        amount: z.nullable(z.number()),
        currency: z.nullable(z.string()),
        user: z.object({ email: z.nullable(z.string()) }),
        completedAt: z.string(),
      }),
    ),
  }),
);
export type DashboardData = z.infer<typeof dashboardDataSchema>;

export const ACTIVITY_DAYS = 30;
export const activityStatsDataSchema = /* @__PURE__ */ schema(() =>
  z.object({
    days: z.array(
      z.object({
        date: z.string(),
        createdApplications: z.number().check(z.int()),
        completedApplications: z.number().check(z.int()),
        newUsers: z.number().check(z.int()),
      }),
    ),
  }),
);
export type ActivityStatsData = z.infer<typeof activityStatsDataSchema>;

// Geo

export const adminGeoTreeSchema = geoTreeSchema;

export const geoToggleBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    locationKey: geoKeySchema,
    isActive: z.boolean(),
  }),
);
export type GeoToggleBody = z.infer<typeof geoToggleBodySchema>;

/**
 * PUT /admin/geo/bulk: many locations switched at once, each as a toggle switches it; with
 * `othersOff` ("only these", switching on only) every other location is switched off.
 */
export const geoBulkBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    locationKeys: z.array(geoKeySchema).check(z.minLength(1), z.maxLength(300)),
    isActive: z.boolean(),
    othersOff: z.optional(z.boolean()),
  }),
);
export type GeoBulkBody = z.infer<typeof geoBulkBodySchema>;

/**
 * GET /admin/dashboard/setup, the first-run checklist: what a fresh install
 * still needs before it takes real deals, each with whether it is done and, where it counts
 * something, how many of how many.
 */
export const SETUP_STEPS = ['reserves', 'publish', 'hours', 'notifyEmail', 'staffMfa'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];
export const setupChecklistSchema = /* @__PURE__ */ schema(() =>
  z.object({
    steps: z.array(
      z.object({
        step: z.enum(SETUP_STEPS),
        done: z.boolean(),
        /** `reserves`: set by staff of those the active directions use; `publish`: published of active. */
        count: z.nullable(z.object({ done: z.number().check(z.int()), of: z.number().check(z.int()) })),
      }),
    ),
  }),
);
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;

export const geoBulkDataSchema = /* @__PURE__ */ schema(() =>
  z.object({
    /** Keys whose state this call changed (empty when nothing had to change). */
    changed: z.array(z.string()),
  }),
);

export const geoToggleDataSchema = /* @__PURE__ */ schema(() =>
  z.object({
    locationKey: z.string(),
    isActive: z.boolean(),
    /** Keys whose state this call changed (empty when nothing had to change). */
    changed: z.array(z.string()),
  }),
);

// Settings

export const settingSchema = /* @__PURE__ */ schema(() =>
  z.object({
    key: z.string(),
    /**
     * A number, or for an email or token setting the text ('' = none): see SETTING_DEFAULTS. A
     * secret setting's value is '' for a caller below its `minRole`, with `redacted: true`.
     */
    value: z.union([z.number(), z.string()]),
    description: z.string(),
    updatedAt: z.string(),
    updatedBy: z.nullable(z.string()),
    /** The value was withheld from this caller (a secret setting, below its `minRole`). */
    redacted: z.optional(z.literal(true)),
  }),
);
export type SettingView = z.infer<typeof settingSchema>;

/** Whether `role` may change the setting: its `minRole` in SETTING_DEFAULTS (the server's check and the admin page's). */
export function maySetSetting(key: SettingKey, role: Role): boolean {
  return hasRoleAtLeast(role, SETTING_DEFAULTS[key].minRole);
}

/** Whether `role` may read the setting's value: anyone on the settings routes, a secret's only from its `minRole`. */
export function mayReadSetting(key: SettingKey, role: Role): boolean {
  return !('secret' in SETTING_DEFAULTS[key]) || maySetSetting(key, role);
}
export const settingListSchema = /* @__PURE__ */ schema(() => z.array(settingSchema));

export const settingKeyParamsSchema = /* @__PURE__ */ schema(() =>
  z.object({ key: z.string().check(z.minLength(1), z.maxLength(100)) }),
);

/** The value is read by the setting's kind (readSettingValue); the web's numeric input may send text. */
export const putSettingBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    value: z.union([z.number(), z.string().check(z.maxLength(254))]),
    description: z.optional(z.string().check(z.trim(), z.maxLength(500))),
  }),
);
export type PutSettingBody = z.infer<typeof putSettingBodySchema>;

export const settingKeySchema = /* @__PURE__ */ schema(() => z.enum(SETTING_KEYS));

/** The rule a value breaks when it does not fit a setting's kind (the server's and the admin page's). */
const SETTING_KIND_RULES: Record<SettingKind, FieldRuleCode> = {
  number: 'settingNumber',
  email: 'settingEmail',
  token: 'settingToken',
  telegramChat: 'settingTelegramChat',
  timeZone: 'timeZone',
  reportingCurrency: 'settingReportingCurrency',
  limitUSD: 'settingLimit',
};

const settingValueSchemas = /* @__PURE__ */ schema(() => ({
  number: z.union([
    z.number(),
    z.pipe(z.string().check(z.trim(), z.regex(/^-?\d+(\.\d+)?$/)), z.transform(Number)),
  ]),
  email: z.pipe(z.string().check(z.trim()), z.union([z.literal(''), emailSchema])),
  token: z.pipe(
    z.string().check(z.trim()),
    z.union([z.literal(''), z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/))]),
  ),
  telegramChat: z.pipe(
    z.union([z.string(), z.pipe(z.number().check(z.int()), z.transform(String))]),
    z.pipe(z.string().check(z.trim()), z.union([z.literal(''), z.string().check(z.regex(/^-?\d{1,20}$/))])),
  ),
  timeZone: z.pipe(z.string().check(z.trim()), z.string().check(z.refine(isTimeZone))),
  reportingCurrency: z.pipe(z.string().check(z.trim()), z.enum(REPORTING_CURRENCIES)),
  // Exact decimal text, never a float: up to 12 digits and 2 decimals, or '' for no limit.
  limitUSD: z.pipe(
    z.union([z.string(), z.pipe(z.number(), z.transform(String))]),
    z.string().check(z.trim(), z.regex(/^(\d{1,12}(\.\d{1,2})?)?$/)),
  ),
}));

/**
 * A sent value read by the setting's kind: a number (or numeric text), or an email address stored
 * trimmed and lower-case ('' = none), or a token (kept as typed, trimmed; '' = none); the broken
 * rule (its code, for the page to translate, and the server's text) when it does not fit.
 */
export function readSettingValue(
  key: SettingKey,
  value: unknown,
): { value: number | string; problem?: undefined } | { problem: FieldProblem } {
  const kind = SETTING_DEFAULTS[key].kind;
  const parsed = z.safeParse(settingValueSchemas[kind], value);
  return parsed.success ? { value: parsed.data } : { problem: ruleProblem(SETTING_KIND_RULES[kind]) };
}
