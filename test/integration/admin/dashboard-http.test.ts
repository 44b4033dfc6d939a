import type { ActivityStatsData, DashboardData } from '@shared/contract/admin';
import { describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import { createVerifiedUser } from '../../support/users';

/** The dashboard endpoints on the shared stack (exact figures: dashboard.test.ts, on its own table). */
describe('GET /api/admin/dashboard and /activity-stats over HTTP', () => {
  it('answers staff with the figures in the contract shape', async () => {
    const manager = await createVerifiedUser({ role: 'MANAGER' });
    const [dashboard, activity, badPeriod] = await Promise.all([
      api<DashboardData>('GET', '/api/admin/dashboard?period=week', { token: manager.token }),
      api<ActivityStatsData>('GET', '/api/admin/dashboard/activity-stats', { token: manager.token }),
      api('GET', '/api/admin/dashboard?period=year', { token: manager.token }),
    ]);
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.data).toMatchObject({
      period: 'week',
      kpi: expect.any(Object),
      funnel: expect.any(Object),
    });
    expect(dashboard.body.data!.kpi.newUsers).toBeGreaterThanOrEqual(1);
    expect(activity.body.data!.days).toHaveLength(30);
    expect(badPeriod.status).toBe(400);
  });
});
