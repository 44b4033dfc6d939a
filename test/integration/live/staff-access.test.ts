import { listConnectionsOfUser } from '@functions/data/live';
import { revokeSession } from '@functions/data/sessions';
import type { LiveNotice } from '@shared/contract/live';
import { adminDeactivateUser, adminSetUserRole, adminUpdateUser } from '@shared/routes/admin-users';
import { authLogout } from '@shared/routes/auth';
import { adminRevokeSession } from '@shared/routes/security';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api';
import { loginAs, promote, type TestUser } from '../../support/users';
import { createApplication, newUser, standardBody } from '../applications/fixtures';
import { connect, type LiveSocket } from './socket';

/**
 * Live connections follow the access that admitted them (docs/architecture.md "Live push"): a
 * connection keeps the staff flag of its ticket, so a demotion, a deactivation, a logout or an ended
 * session closes it, and the fan-out checks staff connections again before each staff notice.
 * Absence is shown without sleeping: a socket's close comes before the notice it must not get, or a
 * later notice the user should still get arrives alone.
 */
const sockets: LiveSocket[] = [];

afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.close()));
});

async function connected(user: TestUser): Promise<LiveSocket> {
  const socket = await connect(user);
  sockets.push(socket);
  return socket;
}

const about = (type: LiveNotice['type'], id: string) => (frame: LiveNotice) =>
  frame.type === type && 'id' in frame && frame.id === id;
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** The session id (`sid`) an access token carries. */
const sessionOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sid: string }).sid;

describe('a change of staff access', () => {
  it("closes a manager's socket when an admin demotes them to USER, before the next application's notice", async () => {
    const [manager, admin, client] = await Promise.all([
      newUser({ role: 'MANAGER' }),
      newUser({ role: 'ADMIN' }),
      newUser(),
    ]);
    const socket = await connected(manager);

    const demoted = await call(adminSetUserRole, {
      token: admin.token,
      params: { id: manager.id },
      body: { role: 'USER' },
    });
    expect(demoted.status).toBe(200);
    const application = await createApplication(client);

    await socket.closed();
    expect(socket.frames.filter(about('application.created', application.id))).toEqual([]);
    expect(await listConnectionsOfUser(manager.id, nowSeconds())).toEqual([]);
  });

  it('closes every socket of a staff member an admin deactivates', async () => {
    const [manager, admin] = await Promise.all([newUser({ role: 'MANAGER' }), newUser({ role: 'ADMIN' })]);
    const other = { ...manager, token: (await loginAs(manager.email)).token };
    const [first, second] = await Promise.all([connected(manager), connected(other)]);

    const deactivated = await call(adminDeactivateUser, { token: admin.token, params: { id: manager.id } });
    expect(deactivated.status).toBe(200);

    await Promise.all([first.closed(), second.closed()]);
    expect(await listConnectionsOfUser(manager.id, nowSeconds())).toEqual([]);
  });

  it('sends no staff notice to a socket whose holder lost staff access without it being closed, and closes it', async () => {
    const [manager, colleague, client] = await Promise.all([
      newUser({ role: 'MANAGER' }),
      newUser({ role: 'MANAGER' }),
      newUser(),
    ]);
    const [socket, colleagueSocket] = await Promise.all([connected(manager), connected(colleague)]);
    // A role change written past the staff routes (as if closing had failed): only the fan-out's check is left.
    await promote(manager.id, 'USER');

    const application = await createApplication(client);
    await colleagueSocket.next(about('application.created', application.id));

    // The fan-out closes the demoted connection before it sends the batch's notices.
    await socket.closed();
    expect(socket.frames.filter(about('application.created', application.id))).toEqual([]);
  });

  it('sends no staff notice to a socket whose session ended without it being closed, and closes it', async () => {
    const [manager, colleague, client] = await Promise.all([
      newUser({ role: 'MANAGER' }),
      newUser({ role: 'MANAGER' }),
      newUser(),
    ]);
    const [socket, colleagueSocket] = await Promise.all([connected(manager), connected(colleague)]);
    await revokeSession(sessionOf(manager.token), 'logout');

    const application = await createApplication(client);
    await colleagueSocket.next(about('application.created', application.id));

    await socket.closed();
    expect(socket.frames.filter(about('application.created', application.id))).toEqual([]);
  });
});

describe('the end of a session', () => {
  it("closes that session's socket on logout, and leaves the user's other session connected", async () => {
    const [manager, client] = await Promise.all([newUser({ role: 'MANAGER' }), newUser()]);
    const elsewhere = { ...manager, token: (await loginAs(manager.email)).token };
    const [here, there] = await Promise.all([connected(manager), connected(elsewhere)]);

    const loggedOut = await call(authLogout, { token: manager.token });
    expect(loggedOut.status).toBe(200);
    await here.closed();

    // The other session still gets staff notices: the next application's arrives there.
    const application = await createApplication(client);
    await there.next(about('application.created', application.id));
    expect(here.frames.filter(about('application.created', application.id))).toEqual([]);
  });

  it('closes the socket of a staff session a SUPER_ADMIN ends', async () => {
    const [manager, superAdmin] = await Promise.all([
      newUser({ role: 'MANAGER' }),
      newUser({ role: 'SUPER_ADMIN' }),
    ]);
    const socket = await connected(manager);

    const ended = await call(adminRevokeSession, {
      token: superAdmin.token,
      params: { id: sessionOf(manager.token) },
    });
    expect(ended.status).toBe(200);

    await socket.closed();
    expect(await listConnectionsOfUser(manager.id, nowSeconds())).toEqual([]);
  });
});

describe("a MANAGER's narrower rights", () => {
  it("sends a manager narrowed to one city no notice of another city's deal, and that city's as before", async () => {
    const [manager, colleague, admin, client] = await Promise.all([
      newUser({ role: 'MANAGER' }),
      newUser({ role: 'MANAGER' }),
      newUser({ role: 'ADMIN' }),
      newUser(),
    ]);
    const narrowed = await call(adminUpdateUser, {
      token: admin.token,
      params: { id: manager.id },
      body: { scope: { cities: ['europe.spain.madrid'], directions: null, mayRefund: true } },
    });
    expect(narrowed.status).toBe(200);
    const [socket, colleagueSocket] = await Promise.all([connected(manager), connected(colleague)]);

    const almaty = await createApplication(
      client,
      standardBody({
        continent: 'cis',
        country: 'cis.kazakhstan',
        city: 'cis.kazakhstan.almaty',
        assetFrom: 'cash-KZT',
        amount: 300_000,
      }),
    );
    await colleagueSocket.next(about('application.created', almaty.id));
    const madrid = await createApplication(client, standardBody());
    await socket.next(about('application.created', madrid.id));

    expect(socket.frames.filter(about('application.created', almaty.id))).toEqual([]);
  });
});
