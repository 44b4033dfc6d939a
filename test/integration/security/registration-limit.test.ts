import { describe, expect, it } from 'vitest';
import { api, asNewVisitor } from '../../support/api';
import { createVerifiedUser, uniqueIdentity } from '../../support/users';

const PASSWORD = 'Registration-limit-9';
const LIMIT = 20;

/** `visitor`: the headers of one caller (asNewVisitor), whose calls leave from one address. */
function registerAs(visitor: Record<string, string>, identity = uniqueIdentity('lim')) {
  return api('POST', '/api/auth/register', { body: { ...identity, password: PASSWORD }, headers: visitor });
}

/** A CloudFront-Viewer-Address of the documentation range, a new one on each call. */
let forgedCount = 0;
function forgedViewerAddress(): string {
  forgedCount += 1;
  return `203.0.113.${forgedCount}:443`;
}

describe('registrations from one address', () => {
  it('are refused with 429 and Retry-After after 20 in an hour, duplicates included', async () => {
    const visitor = asNewVisitor();
    const taken = await createVerifiedUser();
    const statuses: number[] = [
      (await registerAs(visitor, { ...uniqueIdentity('lim'), email: taken.email })).status,
    ];
    for (let index = 1; index < LIMIT; index += 1) statuses.push((await registerAs(visitor)).status);
    const refused = await registerAs(visitor);

    expect(statuses[0]).toBe(409);
    expect(statuses.slice(1).every((status) => status === 201)).toBe(true);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ success: false });
  });

  it('are counted by the connection, whatever CloudFront-Viewer-Address the caller sends', async () => {
    const visitor = asNewVisitor();
    const statuses: number[] = [];
    for (let index = 0; index <= LIMIT; index += 1)
      statuses.push(
        (await registerAs({ ...visitor, 'cloudfront-viewer-address': forgedViewerAddress() })).status,
      );

    expect(statuses.slice(0, LIMIT).every((status) => status === 201)).toBe(true);
    expect(statuses[LIMIT]).toBe(429);
  });

  it('do not limit callers from other addresses', async () => {
    const statuses: number[] = [];
    for (let index = 0; index <= LIMIT; index += 1) statuses.push((await registerAs(asNewVisitor())).status);

    expect(statuses.every((status) => status === 201)).toBe(true);
  });
});
