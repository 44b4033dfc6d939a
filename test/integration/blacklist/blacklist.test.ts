import { randomBytes } from 'node:crypto';
import { listAuditFor } from '@functions/data/audit';
import { setPayoutDetails } from '@shared/routes/applications';
import { authRegister } from '@shared/routes/auth';
import {
  adminAddBlacklistEntry,
  adminListBlacklist,
  adminRemoveBlacklistEntry,
} from '@shared/routes/blacklist';
import { tronAddressOfAccount } from '@shared/tron-address';
import { beforeAll, describe, expect, it } from 'vitest';
import { asNewVisitor, call, runId } from '../../support/api';
import { type TestUser, uniqueIdentity } from '../../support/users';
import { createApplication, newUser, standardBody, submit } from '../applications/fixtures';

/**
 * The operator's blacklists (docs/product.md "Blacklists"): an ADMIN lists and lifts values, a
 * MANAGER reads them; a listed email, address or payout TRON address is refused with a neutral
 * text, each refusal in the entry's audit trail. Every value is the file's own (run-scoped).
 */

const NEUTRAL = 'We cannot accept this request. Please contact support.';
const PASSWORD = 'Blacklist-test-9';
/** A TRON address of the file's own (a random account, checksum and all). */
const newTronAddress = () => tronAddressOfAccount(randomBytes(20));

let admin: TestUser;
let manager: TestUser;

beforeAll(async () => {
  [admin, manager] = await Promise.all([newUser({ role: 'ADMIN' }), newUser({ role: 'MANAGER' })]);
});

const email = (what: string) => `${what}-${runId()}@blacklist.test`;

async function list(body: Parameters<typeof call<typeof adminAddBlacklistEntry>>[1]['body']) {
  const answer = await call(adminAddBlacklistEntry, { token: admin.token, body });
  if (answer.status !== 201)
    throw new Error(`listing refused: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data!;
}

/** The visitor's own address, as the stack reads it (asNewVisitor's loopback address). */
const addressOf = (visitor: Record<string, string>) => Object.values(visitor)[0]!;

const trail = (kind: string, value: string) => listAuditFor('blacklist', `${kind}:${value}`);

describe('keeping the blacklists', () => {
  it('lets an ADMIN list a value written the one way, which a MANAGER then reads with its author', async () => {
    const value = email('Listed');

    const added = await list({ kind: 'email', value: `  ${value.toUpperCase()} `, reason: 'Chargebacks' });
    const page = await call(adminListBlacklist, {
      token: manager.token,
      query: { kind: 'email', limit: 100 },
    });

    expect(added).toMatchObject({ kind: 'email', value: value.toLowerCase(), reason: 'Chargebacks' });
    expect(added.createdBy.id).toBe(admin.id);
    expect(page.status).toBe(200);
    expect(page.body.data!.items).toContainEqual(added);
  });

  it('refuses a MANAGER who tries to add an entry', async () => {
    const answer = await call(adminAddBlacklistEntry, {
      token: manager.token,
      body: { kind: 'email', value: email('manager'), reason: 'Not theirs to list' },
    });

    expect(answer.status).toBe(403);
  });

  it('answers 409 when the value is on its list already', async () => {
    const value = email('twice');
    await list({ kind: 'email', value, reason: 'First' });

    const again = await call(adminAddBlacklistEntry, {
      token: admin.token,
      body: { kind: 'email', value: value.toUpperCase(), reason: 'Second' },
    });

    expect(again.status).toBe(409);
    expect(again.body.code).toBe('BlacklistEntryExists');
  });

  it('keeps a card as its last four digits and its holder in capitals', async () => {
    const holder = `ivan  tester ${runId()}`;

    const added = await list({ kind: 'card', value: '4242', holder, reason: 'Disputed payment' });

    expect(added.value).toBe(`4242|${holder.replace(/\s+/g, ' ').toUpperCase()}`);
  });

  it('lifts an entry with a reason, both changes in its audit trail', async () => {
    const value = email('lifted');
    await list({ kind: 'email', value, reason: 'Suspected fraud' });

    const removed = await call(adminRemoveBlacklistEntry, {
      token: admin.token,
      params: { kind: 'email', value },
      body: { reason: 'Cleared by support' },
    });
    const again = await call(adminRemoveBlacklistEntry, {
      token: admin.token,
      params: { kind: 'email', value },
      body: { reason: 'Once more' },
    });

    expect(removed.status).toBe(200);
    expect(again.status).toBe(404);
    const entries = await trail('email', value);
    expect(entries.map((entry) => entry.action).sort()).toEqual(['blacklist.add', 'blacklist.remove']);
    expect(entries.find((entry) => entry.action === 'blacklist.remove')?.after).toEqual({
      removalReason: 'Cleared by support',
    });
  });
});

describe('a listed value at registration and application', () => {
  it('refuses a registration with a listed email in neutral words and audits the match', async () => {
    const identity = uniqueIdentity('bl');
    await list({ kind: 'email', value: identity.email, reason: 'Known fraudster' });

    const answer = await call(authRegister, {
      body: { ...identity, password: PASSWORD },
      headers: asNewVisitor(),
    });

    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ success: false, message: NEUTRAL, code: 'RequestNotAccepted' });
    const [match] = (await trail('email', identity.email.toLowerCase())).filter(
      (entry) => entry.action === 'blacklist.match',
    );
    expect(match?.after).toMatchObject({ where: 'registration', kind: 'email' });
  });

  it('refuses a registration from a listed address and audits where it came from', async () => {
    const visitor = asNewVisitor();
    await list({ kind: 'ip', value: addressOf(visitor), reason: 'Bot traffic' });

    const answer = await call(authRegister, {
      body: { ...uniqueIdentity('bl'), password: PASSWORD },
      headers: visitor,
    });

    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(NEUTRAL);
    const [match] = await trail('ip', addressOf(visitor)).then((entries) =>
      entries.filter((entry) => entry.action === 'blacklist.match'),
    );
    expect(match).toMatchObject({ ip: addressOf(visitor), after: { where: 'registration' } });
  });

  it('accepts a registration whose email and address are not listed', async () => {
    const answer = await call(authRegister, {
      body: { ...uniqueIdentity('bl'), password: PASSWORD },
      headers: asNewVisitor(),
    });

    expect(answer.status).toBe(201);
  });

  it('refuses an application whose Telegram contact is listed, whatever its case and @', async () => {
    const client = await newUser();
    const handle = `bl_${runId()}`;
    await list({ kind: 'telegram', value: `@${handle.toUpperCase()}`, reason: 'Scam reports' });

    const refused = await submit(client, standardBody({ contactTelegram: `@${handle}` }));

    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(NEUTRAL);
    const [match] = (await trail('telegram', handle.toLowerCase())).filter(
      (entry) => entry.action === 'blacklist.match',
    );
    expect(match?.after).toMatchObject({ where: 'application', userId: client.id });
  });

  it('refuses a listed payout TRON address and takes an unlisted one', async () => {
    const client = await newUser();
    const application = await createApplication(client, standardBody());
    const listed = newTronAddress();
    await list({ kind: 'tronAddress', value: listed, reason: 'Stolen funds' });

    const refused = await call(setPayoutDetails, {
      token: client.token,
      params: { id: application.id },
      body: { address: listed },
    });
    const taken = await call(setPayoutDetails, {
      token: client.token,
      params: { id: application.id },
      body: { address: newTronAddress() },
    });

    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(NEUTRAL);
    expect(taken.status).toBe(200);
    const matches = (await trail('tronAddress', listed)).filter(
      (entry) => entry.action === 'blacklist.match',
    );
    expect(matches.map((entry) => entry.after)).toEqual([
      expect.objectContaining({ where: 'application', applicationId: application.id, userId: client.id }),
    ]);
  });
});
