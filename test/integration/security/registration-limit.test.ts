import { describe, expect, it } from 'vitest';
import { api, runId } from '../../support/api';
import { createVerifiedUser, uniqueIdentity } from '../../support/users';

const PASSWORD = 'Registration-limit-9';

function registerFrom(viewer: string, identity = uniqueIdentity('lim')) {
  return api('POST', '/api/auth/register', {
    body: { ...identity, password: PASSWORD },
    headers: { 'cloudfront-viewer-address': `${viewer}:443` },
  });
}

describe('registrations from one address', () => {
  it('are refused with 429 and Retry-After after 20 in an hour, duplicates included', async () => {
    const viewer = `203.0.113.${Number.parseInt(runId().slice(-2), 36) % 250}`;
    const taken = await createVerifiedUser();
    const statuses: number[] = [
      (await registerFrom(viewer, { ...uniqueIdentity('lim'), email: taken.email })).status,
    ];
    for (let index = 1; index < 20; index += 1) statuses.push((await registerFrom(viewer)).status);
    const refused = await registerFrom(viewer);

    expect(statuses[0]).toBe(409);
    expect(statuses.slice(1).every((status) => status === 201)).toBe(true);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ success: false });
  });

  it('do not limit another address', async () => {
    const answer = await registerFrom(`192.0.2.${Number.parseInt(runId().slice(-2), 36) % 250}`);
    expect(answer.status).toBe(201);
  });
});
