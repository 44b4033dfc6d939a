import type { AdminApplicationView, ApplicationView } from '@shared/contract/applications';
import { api } from '../../support/api';
import { createVerifiedUser, type TestUser } from '../../support/users';

/**
 * Shared arrangements of the applications, admin and notifications tests. Locations: the tests
 * of this issue use Spain (EUR), Kazakhstan (KZT) and Russia; the geo tests toggle only South
 * America, the rates tests change only ZAR/TZS, so files can run in parallel.
 */
import { standardBody } from './bodies';

export { individualBody, standardBody } from './bodies';

export async function submit(
  user: TestUser,
  body: unknown = standardBody(),
  headers: Record<string, string> = {},
) {
  return api<ApplicationView>('POST', '/api/applications', { token: user.token, body, headers });
}

/** Submits and returns the new application (fails loudly if the submit is refused). */
export async function createApplication(
  user: TestUser,
  body: unknown = standardBody(),
): Promise<ApplicationView> {
  const answer = await submit(user, body);
  if (answer.status !== 201)
    throw new Error(`Submit refused: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data!;
}

export async function setStatus(
  staff: TestUser,
  id: string,
  status: string,
  extra: Record<string, unknown> = {},
) {
  return api<AdminApplicationView>('POST', `/api/admin/applications/${id}/status`, {
    token: staff.token,
    body: { status, ...extra },
  });
}

export async function newUser(options: Parameters<typeof createVerifiedUser>[0] = {}) {
  return createVerifiedUser(options);
}
