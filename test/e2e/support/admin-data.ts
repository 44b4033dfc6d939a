import type { ApplicationView } from '@shared/contract/applications';
import type { StaffRole } from '@shared/enums';
import { adminChangeApplicationStatus } from '@shared/routes/admin-applications';
import { adminSetUserRole } from '@shared/routes/admin-users';
import { createApplication as createApplicationRoute, listMyApplications } from '@shared/routes/applications';
import type { Page } from 'playwright-core';
import { call } from '../../support/api';
import { logIn, logInAsSuperAdmin, registerVerifiedUser, type Session } from './admin-session';

/** Data the admin e2e tests need, set up through the API where the UI path is not the point. */

/** A registered user given a staff role by the SUPER_ADMIN, logged in again for a token of that role. */
export async function createStaff(role: StaffRole, prefix: string): Promise<Session> {
  const staff = await registerVerifiedUser(prefix);
  const admin = await logInAsSuperAdmin();
  const promoted = await call(adminSetUserRole, {
    params: { id: staff.user.id },
    token: admin.token,
    body: { role },
  });
  if (promoted.status !== 200) throw new Error(`Promotion failed: ${promoted.status}`);
  return logIn(staff.email, staff.password);
}

/** A registered user promoted to MANAGER by the SUPER_ADMIN, logged in again for a MANAGER token. */
export const createManager = () => createStaff('MANAGER', 'mgr');

export const STANDARD_APPLICATION = {
  requestType: 'STANDARD',
  continent: 'europe',
  country: 'europe.germany',
  city: 'europe.germany.berlin',
  assetFrom: 'card-EUR',
  assetTo: 'usdt-trc20',
  amount: 1500,
  contactTelegram: '@e2e_client',
  amlAcknowledged: true as const,
} as const;

/** An application created through POST /api/applications: the standard one with `changes`. */
export async function createApplication(
  user: Session,
  changes: Record<string, unknown> = {},
): Promise<ApplicationView> {
  const answer = await call(createApplicationRoute, {
    token: user.token,
    body: { ...STANDARD_APPLICATION, ...changes },
  });
  if (answer.status !== 201)
    throw new Error(`Create failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data!;
}

/** An application created by `user` and taken to COMPLETED by `staff`, so the dashboard lists it. */
export async function completeApplication(user: Session, staff: Session): Promise<ApplicationView> {
  const application = await createApplication(user);
  for (const status of ['PROCESSING', 'COMPLETED'] as const) {
    const moved = await call(adminChangeApplicationStatus, {
      params: { id: application.id },
      token: staff.token,
      body: { status },
    });
    if (moved.status !== 200) throw new Error(`Move to ${status} failed: ${moved.status}`);
  }
  return application;
}

/** The user's newest application, as their profile lists it. */
export async function latestApplication(user: Session): Promise<ApplicationView> {
  const answer = await call(listMyApplications, { query: { limit: 1 }, token: user.token });
  const latest = answer.body.data?.items[0];
  if (!latest) throw new Error('The user has no application');
  return latest;
}

/** Fills and submits the standard apply form (docs/product.md §2) as the page's user. */
export async function submitStandardApplication(
  page: Page,
  place: { continent: string; country: string; city: string },
  amount: string,
) {
  await page.getByLabel('Continent').selectOption({ label: place.continent });
  await page.getByLabel('Country').selectOption({ label: place.country });
  await page.getByLabel('City').selectOption({ label: place.city });
  await page.getByLabel('Amount').fill(amount);
  const contact = page.getByLabel('Telegram contact');
  await contact.fill('@e2e_client');
  await contact.blur();
  await page.getByText('Contact checked').waitFor();
  await page.locator('input[name=amlAcknowledged]').check();
  await page.getByRole('button', { name: 'Submit application' }).click();
}
