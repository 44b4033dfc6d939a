import type { ActivityStatsData, DashboardData, SettingView } from '@shared/contract/admin';
import type {
  AdminUserApplicationsPage,
  AdminUserDetail,
  AdminUsersPage,
  AdminUserUpdateBody,
  ManagerOption,
  ResetReferralsData,
} from '@shared/contract/admin-users';
import type {
  AdminApplicationDetail,
  AdminApplicationView,
  AdminSearchMatch,
  ChangeStatusBody,
  UpdateDetailsBody,
} from '@shared/contract/applications';
import type {
  ExchangeStatus,
  Maintenance,
  PutCardHoursBody,
  PutCityHoursBody,
  PutMaintenanceBody,
} from '@shared/contract/hours';
import type { PutRatesBody, RatesData } from '@shared/contract/rates';
import type { PutReservesBody, ReservesData, ReserveView } from '@shared/contract/reserves';
import type { PublicUser } from '@shared/contract/users';
import type { DashboardPeriod, Role, StaffSettableStatus } from '@shared/enums';
import type { GeoTree } from '@shared/geo';
import type { Paged, SortOrder } from '@shared/paging';
import type { ScheduleView } from '@shared/working-hours';
import { api } from '@web/lib/api-client';

/** The staff calls of docs/product.md §7 (Admin), typed with the shared contract. */

function required<T>(data: T | undefined): T {
  if (data === undefined || data === null) throw new MissingDataError();
  return data;
}

/** The server answered success without the expected `data` ('No data received'). */
export class MissingDataError extends Error {
  constructor() {
    super('No data received');
    this.name = 'MissingDataError';
  }
}

const id = (value: string) => encodeURIComponent(value);

export interface ApplicationsQuery {
  page: number;
  limit: number;
  sortBy: 'createdAt' | 'amountFrom' | 'status';
  sortOrder: SortOrder;
  search?: string;
  status?: string;
  userId?: string;
}

export interface UsersQuery {
  page: number;
  limit: number;
  sortBy: 'createdAt' | 'email' | 'username';
  sortOrder: SortOrder;
  search?: string;
  role?: Role | '';
  isActive?: 'true' | 'false' | '';
  emailVerified?: 'true' | 'false' | '';
}

export type AdminApplicationsPage = Paged<AdminApplicationView> & {
  window?: number | null;
  matched?: AdminSearchMatch | null;
};

export const adminApi = {
  dashboard: async (period: DashboardPeriod, signal?: AbortSignal) =>
    required((await api.get<DashboardData>('/admin/dashboard', { period }, signal)).data),
  activityStats: async (signal?: AbortSignal) =>
    required((await api.get<ActivityStatsData>('/admin/dashboard/activity-stats', undefined, signal)).data),

  applications: async (query: ApplicationsQuery, signal?: AbortSignal) =>
    required((await api.get<AdminApplicationsPage>('/admin/applications', { ...query }, signal)).data),
  application: async (applicationId: string, signal?: AbortSignal) =>
    required(
      (await api.get<AdminApplicationDetail>(`/admin/applications/${id(applicationId)}`, undefined, signal))
        .data,
    ),
  changeStatus: async (applicationId: string, body: ChangeStatusBody & { status: StaffSettableStatus }) =>
    api.post<AdminApplicationView>(`/admin/applications/${id(applicationId)}/status`, body),
  updateDetails: async (applicationId: string, body: UpdateDetailsBody) =>
    api.put<AdminApplicationView>(`/admin/applications/${id(applicationId)}/details`, body),
  managers: async (signal?: AbortSignal) =>
    required((await api.get<ManagerOption[]>('/admin/managers', undefined, signal)).data),

  users: async (query: UsersQuery, signal?: AbortSignal) =>
    required((await api.get<AdminUsersPage>('/admin/users', { ...query }, signal)).data),
  user: async (userId: string, signal?: AbortSignal) =>
    required((await api.get<AdminUserDetail>(`/admin/users/${id(userId)}`, undefined, signal)).data),
  userApplications: async (userId: string, page: number, signal?: AbortSignal) =>
    required(
      (
        await api.get<AdminUserApplicationsPage>(
          `/admin/users/${id(userId)}/applications`,
          { page, limit: 10 },
          signal,
        )
      ).data,
    ),
  updateUser: async (userId: string, body: AdminUserUpdateBody) =>
    api.put<PublicUser>(`/admin/users/${id(userId)}`, body),
  activateUser: async (userId: string) => api.put<PublicUser>(`/admin/users/${id(userId)}/activate`),
  deactivateUser: async (userId: string) => api.put<PublicUser>(`/admin/users/${id(userId)}/deactivate`),
  resetReferrals: async (userId: string) =>
    api.post<ResetReferralsData>(`/admin/users/${id(userId)}/reset-referrals`),
  resetUserMfa: async (userId: string) => api.post<PublicUser>(`/admin/users/${id(userId)}/mfa/reset`),

  geo: async (signal?: AbortSignal) =>
    required((await api.get<GeoTree>('/admin/geo', undefined, signal)).data),
  toggleGeo: async (locationKey: string, isActive: boolean) =>
    api.put<{ locationKey: string; isActive: boolean; changed: string[] }>('/admin/geo/toggle', {
      locationKey,
      isActive,
    }),

  /** Maintenance and the card schedule (the public GET /status). */
  exchangeStatus: async (signal?: AbortSignal) =>
    required((await api.get<ExchangeStatus>('/status', undefined, signal)).data),
  saveCityHours: async (cityKey: string, body: PutCityHoursBody) =>
    required(
      (
        await api.put<{ key: string; code: string | null; hours: ScheduleView }>(
          `/admin/geo/cities/${id(cityKey)}`,
          body,
        )
      ).data,
    ),
  saveCardHours: async (body: PutCardHoursBody) =>
    required((await api.put<ScheduleView>('/admin/geo/card-hours', body)).data),
  saveMaintenance: async (body: PutMaintenanceBody) => api.put<Maintenance>('/admin/geo/maintenance', body),

  settings: async (signal?: AbortSignal) =>
    required((await api.get<SettingView[]>('/admin/settings', undefined, signal)).data),
  saveSetting: async (key: string, value: number | string) =>
    api.put<SettingView>(`/admin/settings/${id(key)}`, { value }),

  rates: async (signal?: AbortSignal) =>
    required((await api.get<RatesData>('/admin/rates', undefined, signal)).data),
  saveRates: async (body: Partial<PutRatesBody>) =>
    api.put<{ changed: number; rates: RatesData }>('/admin/rates', body),

  reserves: async (signal?: AbortSignal) =>
    required((await api.get<ReservesData>('/admin/reserves', undefined, signal)).data).reserves,
  saveReserves: async (body: PutReservesBody) =>
    api.put<{ changed: number; reserves: ReserveView[] }>('/admin/reserves', body),
};
