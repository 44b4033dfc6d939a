import { hexToTronAddress } from '@functions/data/tron';
import { postToTronStandIn } from '@infra/local/tron-stand-in';
import { adminGetApplication } from '@shared/routes/admin-applications';
import { setPayoutDetails } from '@shared/routes/applications';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call } from '../../support/api';
import type { TestUser } from '../../support/users';
import { createApplication, newUser, standardBody } from '../applications/fixtures';

/**
 * A payout address is screened against the USDT contract's blacklist (docs/product.md §4, issue
 * 27): the shared stack's functions call its TronGrid stand-in (infra/local/tron-stand-in.ts). A
 * listed address is refused; when the provider fails or is slow the address is kept, marked not
 * screened, and staff see that. Each test fails only requests naming its own address, so files
 * running beside this one are untouched.
 */
const tronUrl = inject('localStack').tronApiUrl;
let manager: TestUser;

beforeAll(async () => {
  manager = await newUser({ role: 'MANAGER' });
});

/** A fresh, valid TRON address per test: 0x41, 20 random bytes and the checksum. */
async function freshAddress(): Promise<string> {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return hexToTronAddress(`41${Buffer.from(bytes).toString('hex')}`);
}

async function standIn(path: string, body: unknown) {
  await postToTronStandIn(tronUrl, path, body);
}

/** A card-EUR → USDT application of a new client (PENDING: payout details may be given). */
async function usdtPayoutApplication() {
  const client = await newUser({ language: 'en' });
  const application = await createApplication(client, standardBody({ amount: 300 }));
  return { client, id: application.id };
}

const payTo = (client: TestUser, id: string, address: string) =>
  call(setPayoutDetails, { token: client.token, params: { id }, body: { address } });
const staffView = async (id: string) =>
  (await call(adminGetApplication, { token: manager.token, params: { id } })).body.data!.payoutDetails;

describe('screening a payout address against the USDT blacklist', () => {
  it('keeps an address that is not listed, screened; the client sees only the address', async () => {
    const { client, id } = await usdtPayoutApplication();
    const address = await freshAddress();

    const given = await payTo(client, id, address);

    expect(given.status).toBe(200);
    expect(given.body.data!.payoutDetails).toEqual({ kind: 'address', address });
    expect(await staffView(id)).toEqual({ kind: 'address', address, screened: true });
  });

  it('refuses a blacklisted address with its reason and keeps what was there', async () => {
    const { client, id } = await usdtPayoutApplication();
    const listed = await freshAddress();
    await standIn('/_local/blacklist', { address: listed });

    const refused = await payTo(client, id, listed);

    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, code: 'PayoutAddressBlacklisted' });
    expect(refused.body.message).toContain('USDT blacklist');
    expect(await staffView(id)).toBeNull();
  });

  it.each([
    ['429', { status: 429 }],
    ['500', { status: 500 }],
    ['slower than the timeout', { status: 200, delayMs: 4000 }],
  ])('accepts the address marked not screened when the provider answers %s', async (_case, failure) => {
    const { client, id } = await usdtPayoutApplication();
    const address = await freshAddress();
    await standIn('/_local/blacklist', { address }); // listed, but the provider cannot say so
    // The constant call's body names the address (owner_address): only this test's call fails.
    await standIn('/_local/fail', { ...failure, times: 1, match: address });

    const given = await payTo(client, id, address);

    expect(given.status).toBe(200);
    expect(given.body.data!.payoutDetails).toEqual({ kind: 'address', address });
    expect(await staffView(id)).toEqual({ kind: 'address', address, screened: false });
  });
});
