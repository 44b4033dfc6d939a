import { allRoutes } from '@functions/routes/manifest';
import { seedReserve } from '@functions/seed/rates-data';
import type { Role } from '@shared/enums';
import { AROUND_THE_CLOCK } from '@shared/working-hours';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import { createVerifiedUser, type TestUser } from '../../support/users';
import { createApplication, individualBody } from '../applications/fixtures';

/**
 * The permission matrix of this staff, user and public calls: every caller kind × every
 * endpoint. Granted calls are harmless ones that succeed (200): reads, a note, a PENDING →
 * PROCESSING move of a fresh application, a geo toggle or rate or setting that changes nothing.
 */
type Caller = 'anonymous' | Role;
type Minimum = 'public' | 'user' | Role;
const CALLERS: Caller[] = ['anonymous', 'USER', 'MANAGER', 'ADMIN', 'SUPER_ADMIN'];

interface EndpointCase {
  route: string;
  method: string;
  path: (applicationId: string) => string;
  body?: unknown;
  minimum: Minimum;
}

const ENDPOINTS: EndpointCase[] = [
  { route: 'getRates', method: 'GET', path: () => '/api/rates', minimum: 'public' },
  {
    route: 'calculateRate',
    method: 'POST',
    path: () => '/api/rates/calculate',
    body: { assetFrom: 'card-EUR', assetTo: 'usdt-trc20', amount: 1000 },
    minimum: 'public',
  },
  { route: 'listMyApplications', method: 'GET', path: () => '/api/applications', minimum: 'user' },
  { route: 'listNotifications', method: 'GET', path: () => '/api/notifications', minimum: 'user' },
  {
    route: 'readAllNotifications',
    method: 'POST',
    path: () => '/api/notifications/read-all',
    minimum: 'user',
  },
  {
    route: 'adminListApplications',
    method: 'GET',
    path: () => '/api/admin/applications',
    minimum: 'MANAGER',
  },
  {
    route: 'adminGetApplication',
    method: 'GET',
    path: (id) => `/api/admin/applications/${id}`,
    minimum: 'MANAGER',
  },
  {
    route: 'adminChangeApplicationStatus',
    method: 'POST',
    path: (id) => `/api/admin/applications/${id}/status`,
    body: { status: 'PROCESSING' },
    minimum: 'MANAGER',
  },
  {
    route: 'adminUpdateApplicationDetails',
    method: 'PUT',
    path: (id) => `/api/admin/applications/${id}/details`,
    body: { adminNote: 'Checked by the permission matrix' },
    minimum: 'MANAGER',
  },
  {
    route: 'adminDashboard',
    method: 'GET',
    path: () => '/api/admin/dashboard?period=month',
    minimum: 'MANAGER',
  },
  {
    route: 'adminActivityStats',
    method: 'GET',
    path: () => '/api/admin/dashboard/activity-stats',
    minimum: 'MANAGER',
  },
  { route: 'adminGetGeo', method: 'GET', path: () => '/api/admin/geo', minimum: 'ADMIN' },
  {
    route: 'adminToggleGeo',
    method: 'PUT',
    path: () => '/api/admin/geo/toggle',
    body: { locationKey: 'asia.japan.kyoto', isActive: true },
    minimum: 'ADMIN',
  },
  // The hours the test stack seeded (around the clock), so granted calls change nothing.
  {
    route: 'adminPutCityHours',
    method: 'PUT',
    path: () => '/api/admin/geo/cities/asia.japan.kyoto',
    body: { timeZone: 'Asia/Tokyo', week: AROUND_THE_CLOCK, code: 'KYOTO' },
    minimum: 'ADMIN',
  },
  {
    route: 'adminPutCardHours',
    method: 'PUT',
    path: () => '/api/admin/geo/card-hours',
    body: { timeZone: 'Europe/Moscow', week: AROUND_THE_CLOCK },
    minimum: 'ADMIN',
  },
  {
    route: 'adminPutMaintenance',
    method: 'PUT',
    path: () => '/api/admin/geo/maintenance',
    body: { active: false },
    minimum: 'ADMIN',
  },
  { route: 'adminListSettings', method: 'GET', path: () => '/api/admin/settings', minimum: 'ADMIN' },
  {
    route: 'adminGetSetting',
    method: 'GET',
    path: () => '/api/admin/settings/applicationExpiryHours',
    minimum: 'ADMIN',
  },
  {
    route: 'adminPutSetting',
    method: 'PUT',
    path: () => '/api/admin/settings/applicationExpiryHours',
    body: { value: 24 },
    minimum: 'ADMIN',
  },
  { route: 'adminGetRates', method: 'GET', path: () => '/api/admin/rates', minimum: 'ADMIN' },
  {
    route: 'adminPutRates',
    method: 'PUT',
    path: () => '/api/admin/rates',
    body: { currencies: [{ code: 'USD', usdValue: 1 }] },
    minimum: 'ADMIN',
  },
  { route: 'adminListReserves', method: 'GET', path: () => '/api/admin/reserves', minimum: 'MANAGER' },
  // The seeded VND reserve (no file exchanges VND), so granted calls change nothing.
  {
    route: 'adminPutReserves',
    method: 'PUT',
    path: () => '/api/admin/reserves',
    body: { reserves: [{ code: 'VND', ...seedReserve('VND') }] },
    minimum: 'ADMIN',
  },
];

const RANK: Record<Caller, number> = { anonymous: -1, USER: 0, MANAGER: 1, ADMIN: 2, SUPER_ADMIN: 3 };

function expectedStatus(caller: Caller, minimum: Minimum): number {
  if (minimum === 'public') return 200;
  if (caller === 'anonymous') return 401;
  if (minimum === 'user') return 200;
  return RANK[caller] >= RANK[minimum] ? 200 : 403;
}

const callers = new Map<Caller, TestUser | undefined>();
let applicant: TestUser;

beforeAll(async () => {
  callers.set('anonymous', undefined);
  for (const role of ['USER', 'MANAGER', 'ADMIN', 'SUPER_ADMIN'] as const) {
    callers.set(role, await createVerifiedUser({ role }));
  }
  applicant = await createVerifiedUser();
});

describe('the permission matrix of applications, rates, notifications and the staff area', () => {
  it('covers every route of this area in the manifest, with the access it declares', () => {
    const mine = ENDPOINTS.map((endpoint) => endpoint.route);
    const declared = Object.fromEntries(allRoutes.map(([id, route]) => [id, route.access]));
    const staffRoutesOfArea = allRoutes
      .filter(([, route]) => route.path.startsWith('/api/admin/') && !route.tag.startsWith('admin-users'))
      .map(([id]) => id);
    expect(staffRoutesOfArea.filter((id) => !mine.includes(id))).toEqual([]);
    expect(ENDPOINTS.filter((endpoint) => declared[endpoint.route] !== endpoint.minimum)).toEqual([]);
  });

  for (const endpoint of ENDPOINTS) {
    for (const caller of CALLERS) {
      const expected = expectedStatus(caller, endpoint.minimum);
      it(`${endpoint.method} ${endpoint.path('{id}')} answers ${expected} to ${caller}`, async () => {
        const application = await createApplication(applicant, individualBody());
        const answer = await api(endpoint.method, endpoint.path(application.id), {
          body: endpoint.body,
          token: callers.get(caller)?.token,
        });
        await api('POST', `/api/applications/${application.id}/cancel`, { token: applicant.token });
        expect(answer.status).toBe(expected);
        expect(answer.body.success).toBe(expected === 200);
      });
    }
  }
});
