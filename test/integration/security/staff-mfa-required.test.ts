import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal } from '../../support/refusals';
import { createIsolatedTable, putUser } from '../applications/isolated-table';

/**
 * The setting staffMfaRequired is one for the whole table, so this file turns it on and off in a
 * table of its own and calls the authentication the pipeline runs on every request.
 */
let dropTable: () => Promise<void>;
let m: {
  authentication: typeof import('@functions/domain/accounts/authentication');
  sessions: typeof import('@functions/domain/accounts/sessions');
  settings: typeof import('@functions/domain/settings/settings');
  views: typeof import('@functions/domain/accounts/user-views');
};

beforeAll(async () => {
  dropTable = await createIsolatedTable('staffmfa');
  m = {
    authentication: await import('@functions/domain/accounts/authentication'),
    sessions: await import('@functions/domain/accounts/sessions'),
    settings: await import('@functions/domain/settings/settings'),
    views: await import('@functions/domain/accounts/user-views'),
  };
});
afterAll(() => dropTable());

const superAdmin = { id: 'setup-actor', role: 'SUPER_ADMIN' as const };
const requireStaffMfa = (value: 0 | 1) => m.settings.putSetting('staffMfaRequired', { value }, superAdmin);

describe('staffMfaRequired', () => {
  it('closes staff routes to staff without a second factor, leaving their own routes open', async () => {
    await requireStaffMfa(1);
    const manager = await putUser({ role: 'MANAGER' });
    const { token } = await m.sessions.startSession(manager);
    expect(await refusal(m.authentication.authenticatePrincipal(token, 'MANAGER'))).toMatchObject({
      status: 403,
      message: 'Staff must turn on two-step verification before using the admin area.',
    });
    await expect(m.authentication.authenticatePrincipal(token, 'user')).resolves.toMatchObject({
      userId: manager.id,
    });
    expect((await m.views.toOwnUserView(manager)).mfaSetupRequired).toBe(true);
  });

  it('asks nothing of users, and nothing of staff once it is off', async () => {
    await requireStaffMfa(1);
    const client = await putUser();
    expect((await m.views.toOwnUserView(client)).mfaSetupRequired).toBe(false);
    await requireStaffMfa(0);
    const manager = await putUser({ role: 'MANAGER' });
    const { token } = await m.sessions.startSession(manager);
    await expect(m.authentication.authenticatePrincipal(token, 'MANAGER')).resolves.toMatchObject({
      userId: manager.id,
    });
    expect((await m.views.toOwnUserView(manager)).mfaSetupRequired).toBe(false);
  });

  it('refuses values other than 1 and 0', async () => {
    expect(await refusal(requireStaffMfa(2 as 1))).toMatchObject({ status: 400 });
  });
});
