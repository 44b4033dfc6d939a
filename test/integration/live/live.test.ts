import { createHash, randomBytes } from 'node:crypto';
import {
  listConnectionsOfUser,
  listStaffConnections,
  putLiveConnection,
  putLiveTicket,
} from '@functions/data/live';
import { LIVE_TICKET_SECONDS, type LiveNotice } from '@shared/contract/live';
import { adminIssueInstructions } from '@shared/routes/admin-applications';
import { markPaid, setPayoutDetails } from '@shared/routes/applications';
import { createLiveTicket } from '@shared/routes/live';
import { postMyMessage } from '@shared/routes/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api';
import type { TestUser } from '../../support/users';
import { createApplication, newUser, setStatus, standardBody } from '../applications/fixtures';
import { connect, type LiveSocket, NOTICE_TIMEOUT_MS, open, ticketOf } from './socket';

/**
 * Live push against the local stack (docs/architecture.md "Live push"): the ticket route, the
 * `$connect` check of the ticket, the heartbeat, and the fan-out from the table's stream to the
 * owners' and staff's connections, through a real `ws` client on the site's port.
 */
const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

let owner: TestUser;
let other: TestUser;
let staff: TestUser;
const sockets: LiveSocket[] = [];

beforeAll(async () => {
  [owner, other, staff] = await Promise.all([newUser(), newUser(), newUser({ role: 'MANAGER' })]);
});

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

describe('POST /live/ticket', () => {
  it('answers the socket URL on the site and a 32-byte ticket, to a logged-in caller only', async () => {
    const { url, ticket } = await ticketOf(owner);
    expect(url).toMatch(/^ws:\/\/localhost:\d+\/live$/);
    expect(Buffer.from(ticket, 'base64url')).toHaveLength(32);
    expect((await ticketOf(owner)).ticket).not.toBe(ticket);

    const anonymous = await call(createLiveTicket, {});
    expect(anonymous.status).toBe(401);
  });
});

describe('$connect', () => {
  it('refuses a connection without a ticket (401)', async () => {
    const { url } = await ticketOf(owner);
    expect(await open(url)).toEqual({ kind: 'refused', status: 401 });
  });

  it('refuses an unknown ticket (401)', async () => {
    const { url } = await ticketOf(owner);
    expect(await open(`${url}?ticket=${randomBytes(32).toString('base64url')}`)).toEqual({
      kind: 'refused',
      status: 401,
    });
  });

  it('admits a good ticket once and refuses it used again (401)', async () => {
    const { url, ticket } = await ticketOf(owner);
    const first = await open(`${url}?ticket=${ticket}`);
    expect(first.kind).toBe('open');
    if (first.kind === 'open') sockets.push(first.socket);
    expect(await open(`${url}?ticket=${ticket}`)).toEqual({ kind: 'refused', status: 401 });
  });

  it('refuses an expired ticket (401) although the TTL has not removed it yet', async () => {
    const { url } = await ticketOf(owner);
    const ticket = randomBytes(32).toString('base64url');
    const issued = Date.now() - (LIVE_TICKET_SECONDS + 1) * 1000;
    await putLiveTicket({
      // Stored by its SHA-256, as the ticket route stores it.
      ticketHash: createHash('sha256').update(ticket).digest('base64url'),
      userId: owner.id,
      role: 'USER',
      createdAt: new Date(issued).toISOString(),
      expiresAtMs: issued + LIVE_TICKET_SECONDS * 1000,
    });
    expect(await open(`${url}?ticket=${ticket}`)).toEqual({ kind: 'refused', status: 401 });
  });

  it('admits a ticket stored the same way while it is valid (the expired case above is refused for its age alone)', async () => {
    const { url } = await ticketOf(owner);
    const ticket = randomBytes(32).toString('base64url');
    await putLiveTicket({
      ticketHash: createHash('sha256').update(ticket).digest('base64url'),
      userId: owner.id,
      role: 'USER',
      createdAt: new Date().toISOString(),
      expiresAtMs: Date.now() + LIVE_TICKET_SECONDS * 1000,
    });
    const opened = await open(`${url}?ticket=${ticket}`);
    expect(opened.kind).toBe('open');
    if (opened.kind === 'open') sockets.push(opened.socket);
  });
});

describe('$default', () => {
  it('answers the heartbeat with pong and ignores other frames', async () => {
    const socket = await connected(owner);
    socket.send({ action: 'hello' });
    socket.ws.send('not json');
    socket.send({ action: 'ping' });
    expect(await socket.next((frame) => frame.type === 'pong')).toEqual({ type: 'pong' });
    expect(socket.frames.filter((frame) => frame.type === 'pong')).toHaveLength(1);
  });
});

describe('the fan-out', () => {
  it("sends an owner their own applications' notices only, and staff every one", async () => {
    const [ownerSocket, otherSocket, staffSocket] = await Promise.all([
      connected(owner),
      connected(other),
      connected(staff),
    ]);
    const mine = await createApplication(owner);
    expect(await ownerSocket.next(about('application.created', mine.id))).toEqual({
      type: 'application.created',
      id: mine.id,
    });
    await staffSocket.next(about('application.created', mine.id));

    expect((await setStatus(staff, mine.id, 'PROCESSING')).status).toBe(200);
    await ownerSocket.next(about('application.changed', mine.id));
    await staffSocket.next(about('application.changed', mine.id));

    // The other client's own application: by the time its notice arrives, the owner's ones were
    // sent long before (the stream keeps order), and none of them reached this client.
    const theirs = await createApplication(other);
    await otherSocket.next(about('application.created', theirs.id));
    await staffSocket.next(about('application.created', theirs.id));
    expect(otherSocket.frames).toEqual([{ type: 'application.created', id: theirs.id }]);
    expect(ownerSocket.frames.some((frame) => 'id' in frame && frame.id === theirs.id)).toBe(false);
  });

  it('sends a new message once, and not again for the unread counter it moves', async () => {
    const [ownerSocket, staffSocket] = await Promise.all([connected(owner), connected(staff)]);
    const application = await createApplication(owner);
    await ownerSocket.next(about('application.created', application.id));
    const from = ownerSocket.frames.length;

    const posted = await call(postMyMessage, {
      token: owner.token,
      params: { id: application.id },
      body: { text: 'Is the rate still good?' },
    });
    expect(posted.status).toBe(201);
    await ownerSocket.next(about('message.created', application.id), from);
    await staffSocket.next(about('message.created', application.id));

    // The message's transaction also ADDs to the application's unread counter (its version left
    // alone): that write is no change of the application. The stream keeps order, so by the time a
    // later change's notice arrives, a notice of the counter would have arrived before it.
    const later = await createApplication(owner);
    await ownerSocket.next(about('application.created', later.id), from);
    expect(ownerSocket.frames.slice(from)).toEqual([
      { type: 'message.created', id: application.id },
      { type: 'application.created', id: later.id },
    ]);
  });

  it('tells "I have paid" apart from other changes', async () => {
    const staffSocket = await connected(staff);
    const application = await createApplication(owner, standardBody({ amount: 400 }));
    expect((await setStatus(staff, application.id, 'PROCESSING')).status).toBe(200);
    const issued = await call(adminIssueInstructions, {
      token: staff.token,
      params: { id: application.id },
      body: { text: 'Pay by SEPA to ES91 2100 0418 4502 0005 1332, reference your application number.' },
    });
    expect(issued.status).toBe(200);
    const payout = await call(setPayoutDetails, {
      token: owner.token,
      params: { id: application.id },
      body: { address: ADDRESS },
    });
    expect(payout.status).toBe(200);
    expect(
      (await call(markPaid, { token: owner.token, params: { id: application.id }, body: {} })).status,
    ).toBe(200);
    await staffSocket.next(about('application.paid', application.id));
    // One item's changes reach the stream in order: created, taken, instructions, payout details, paid.
    expect(staffSocket.frames.filter((frame) => 'id' in frame && frame.id === application.id)).toEqual([
      { type: 'application.created', id: application.id },
      { type: 'application.changed', id: application.id },
      { type: 'application.changed', id: application.id },
      { type: 'application.changed', id: application.id },
      { type: 'application.paid', id: application.id },
    ]);
  });

  it('deletes a connection API Gateway answers 410 Gone for', async () => {
    const staffSocket = await connected(staff);
    // A staff connection whose socket is gone without a $disconnect (as when a network drops).
    const goneId = `gone${randomBytes(6).toString('hex')}=`;
    await putLiveConnection({
      connectionId: goneId,
      userId: staff.id,
      staff: true,
      connectedAt: new Date().toISOString(),
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    });
    const nowSeconds = () => Math.floor(Date.now() / 1000);
    expect((await listStaffConnections(nowSeconds())).map((c) => c.connectionId)).toContain(goneId);

    const application = await createApplication(other);
    await staffSocket.next(about('application.created', application.id));
    const deadline = Date.now() + NOTICE_TIMEOUT_MS;
    let ids = (await listStaffConnections(nowSeconds())).map((c) => c.connectionId);
    while (ids.includes(goneId) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ids = (await listStaffConnections(nowSeconds())).map((c) => c.connectionId);
    }
    expect(ids).not.toContain(goneId);
  });

  it('keeps a connection while it is open and forgets it when its client closes it ($disconnect)', async () => {
    const client = await newUser();
    const nowSeconds = () => Math.floor(Date.now() / 1000);
    expect(await listConnectionsOfUser(client.id, nowSeconds())).toEqual([]);
    const socket = await connect(client);
    const kept = await listConnectionsOfUser(client.id, nowSeconds());
    expect(kept).toEqual([expect.objectContaining({ userId: client.id, staff: false })]);
    await socket.close();
    const deadline = Date.now() + NOTICE_TIMEOUT_MS;
    while ((await listConnectionsOfUser(client.id, nowSeconds())).length > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await listConnectionsOfUser(client.id, nowSeconds())).toEqual([]);
  });
});
