import * as z from 'zod/mini';
import { schema } from './schema';

/** Roles in ascending order of power: the order is the hierarchy (docs/architecture.md §6). */
export const ROLES = ['USER', 'MANAGER', 'ADMIN', 'SUPER_ADMIN'] as const;
export const roleSchema = /* @__PURE__ */ schema(() => z.enum(ROLES));
export type Role = z.infer<typeof roleSchema>;
export const STAFF_ROLES = ['MANAGER', 'ADMIN', 'SUPER_ADMIN'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export function roleRank(role: Role): number {
  return ROLES.indexOf(role);
}

export function hasRoleAtLeast(role: Role, minimum: Role): boolean {
  return roleRank(role) >= roleRank(minimum);
}

export function isStaffRole(role: Role): role is StaffRole {
  return hasRoleAtLeast(role, 'MANAGER');
}

/** The statuses staff may set from the admin table. */
export const STAFF_SETTABLE_STATUSES = [
  'PENDING',
  'PROCESSING',
  'COMPLETED',
  'CANCELLED',
  'REJECTED',
] as const;
/** Statuses the client knows how to display although staff never set them by hand. */
export const DISPLAY_ONLY_STATUSES = [
  'EXCHANGING',
  'PAID',
  'CONFIRMED',
  'WAITING_PAYMENT',
  'EXPIRED',
  'ON_HOLD',
] as const;
export const APPLICATION_STATUSES = [...STAFF_SETTABLE_STATUSES, ...DISPLAY_ONLY_STATUSES] as const;
export const applicationStatusSchema = /* @__PURE__ */ schema(() => z.enum(APPLICATION_STATUSES));
export type ApplicationStatus = z.infer<typeof applicationStatusSchema>;
export const staffSettableStatusSchema = /* @__PURE__ */ schema(() => z.enum(STAFF_SETTABLE_STATUSES));
export type StaffSettableStatus = z.infer<typeof staffSettableStatusSchema>;

/** How the web colours a status: the spec groups the display-only ones with these. */
export type StatusTone = 'pending' | 'progress' | 'success' | 'danger' | 'neutral' | 'unknown';
const STATUS_TONES: Record<ApplicationStatus, StatusTone> = {
  PENDING: 'pending',
  PROCESSING: 'progress',
  EXCHANGING: 'progress',
  PAID: 'progress',
  CONFIRMED: 'progress',
  WAITING_PAYMENT: 'progress',
  COMPLETED: 'success',
  CANCELLED: 'neutral',
  REJECTED: 'danger',
  EXPIRED: 'danger',
  // Money arrived and waits for staff's check (AML, a blacklist): someone must look.
  ON_HOLD: 'pending',
};
export function statusTone(status: string): StatusTone {
  return (STATUS_TONES as Record<string, StatusTone>)[status] ?? 'unknown';
}

export const REQUEST_TYPES = ['STANDARD', 'INDIVIDUAL'] as const;
export const requestTypeSchema = /* @__PURE__ */ schema(() => z.enum(REQUEST_TYPES));
export type RequestType = z.infer<typeof requestTypeSchema>;

export const LANGUAGES = ['ru', 'en'] as const;
export const languageSchema = /* @__PURE__ */ schema(() => z.enum(LANGUAGES));
export type Language = z.infer<typeof languageSchema>;
export const DEFAULT_LANGUAGE: Language = 'ru';

export const DASHBOARD_PERIODS = ['day', 'week', 'month'] as const;
export const dashboardPeriodSchema = /* @__PURE__ */ schema(() => z.enum(DASHBOARD_PERIODS));
export type DashboardPeriod = z.infer<typeof dashboardPeriodSchema>;
