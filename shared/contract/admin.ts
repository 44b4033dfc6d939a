import * as z from 'zod/mini';
import { SETTING_KEYS } from '../constants';
import { dashboardPeriodSchema } from '../enums';
import { geoKeySchema, geoTreeSchema } from '../geo';
import { preprocess } from '../preprocess';
import { schema } from '../schema';

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
    /** First and last UTC day the period's figures cover (yyyy-mm-dd). */
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
    value: z.number(),
    description: z.string(),
    updatedAt: z.string(),
    updatedBy: z.nullable(z.string()),
  }),
);
export type SettingView = z.infer<typeof settingSchema>;
export const settingListSchema = /* @__PURE__ */ schema(() => z.array(settingSchema));

export const settingKeyParamsSchema = /* @__PURE__ */ schema(() =>
  z.object({ key: z.string().check(z.minLength(1), z.maxLength(100)) }),
);

/** The web's numeric input may send the value as text; either is accepted and stored as a number. */
export const putSettingBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    value: z.union([
      z.number(),
      z.pipe(
        z.string().check(z.trim(), z.regex(/^-?\d+(\.\d+)?$/, 'The value must be a number.')),
        z.transform(Number),
      ),
    ]),
    description: z.optional(z.string().check(z.trim(), z.maxLength(500))),
  }),
);
export type PutSettingBody = z.infer<typeof putSettingBodySchema>;

export const settingKeySchema = /* @__PURE__ */ schema(() => z.enum(SETTING_KEYS));
