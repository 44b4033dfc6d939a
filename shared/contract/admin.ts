import * as z from 'zod';
import { SETTING_KEYS } from '../constants';
import { dashboardPeriodSchema } from '../enums';
import { geoKeySchema, geoTreeSchema } from '../geo';

// Dashboard

export const dashboardQuerySchema = z.object({
  period: z.preprocess((value) => (value === '' ? undefined : value), dashboardPeriodSchema.default('day')),
});

export const dashboardDataSchema = z.object({
  period: dashboardPeriodSchema,
  /** First and last UTC day the period's figures cover (yyyy-mm-dd). */
  from: z.string(),
  to: z.string(),
  kpi: z.object({
    newApplications: z.number().int(),
    inProgress: z.number().int(),
    completedApplications: z.number().int(),
    newUsers: z.number().int(),
  }),
  funnel: z.object({ PENDING: z.number().int(), PROCESSING: z.number().int(), COMPLETED: z.number().int() }),
  recentCompleted: z.array(
    z.object({
      id: z.string(),
      amount: z.number().nullable(),
      currency: z.string().nullable(),
      user: z.object({ email: z.string().nullable() }),
      completedAt: z.string(),
    }),
  ),
});
export type DashboardData = z.infer<typeof dashboardDataSchema>;

export const ACTIVITY_DAYS = 30;
export const activityStatsDataSchema = z.object({
  days: z.array(
    z.object({
      date: z.string(),
      createdApplications: z.number().int(),
      completedApplications: z.number().int(),
      newUsers: z.number().int(),
    }),
  ),
});
export type ActivityStatsData = z.infer<typeof activityStatsDataSchema>;

// Geo

export const adminGeoTreeSchema = geoTreeSchema;

export const geoToggleBodySchema = z.strictObject({
  locationKey: geoKeySchema,
  isActive: z.boolean(),
});
export type GeoToggleBody = z.infer<typeof geoToggleBodySchema>;

export const geoToggleDataSchema = z.object({
  locationKey: z.string(),
  isActive: z.boolean(),
  /** Keys whose state this call changed (empty when nothing had to change). */
  changed: z.array(z.string()),
});

// Settings

export const settingSchema = z.object({
  key: z.string(),
  value: z.number(),
  description: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type SettingView = z.infer<typeof settingSchema>;

export const settingKeyParamsSchema = z.object({ key: z.string().min(1).max(100) });

/** The web's numeric input may send the value as text; either is accepted and stored as a number. */
export const putSettingBodySchema = z.strictObject({
  value: z.union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/, 'The value must be a number.')
      .transform(Number),
  ]),
  description: z.string().trim().max(500).optional(),
});
export type PutSettingBody = z.infer<typeof putSettingBodySchema>;

export const settingKeySchema = z.enum(SETTING_KEYS);
