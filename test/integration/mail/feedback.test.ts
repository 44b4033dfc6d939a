import { handler as mailFeedback } from '@functions/jobs/mail-feedback';
import type { AdminUserDetail } from '@shared/contract/admin-users';
import { beforeAll, describe, expect, it } from 'vitest';
import permanentBounce from '../../fixtures/ses-bounce-permanent.json';
import transientBounce from '../../fixtures/ses-bounce-transient.json';
import complaint from '../../fixtures/ses-complaint.json';
import { api } from '../../support/api';
import { mailsTo } from '../../support/mail';
import { createVerifiedUser, type TestUser } from '../../support/users';
import { registerThroughApi } from '../auth/flows';

/**
 * SES bounce and complaint events (EventBridge-shaped, as the configuration set's event destination
 * sends them) through the feedback handler against the shared table; the local stack's sender then
 * meets the mark. Each fixture names recipient@example.com, replaced by a run-scoped address.
 */
type SesEvent = Parameters<typeof mailFeedback>[0];

function addressedTo(fixture: unknown, address: string): SesEvent {
  return JSON.parse(
    JSON.stringify(fixture)
      .replaceAll('recipient@example.com', address)
      .replaceAll('RECIPIENT@EXAMPLE.COM', address.toUpperCase()),
  ) as SesEvent;
}

let admin: TestUser;

beforeAll(async () => {
  admin = await createVerifiedUser({ role: 'ADMIN' });
});

const detail = async (id: string) =>
  (await api<AdminUserDetail>('GET', `/api/admin/users/${id}`, { token: admin.token })).body.data!;
const resend = (email: string) => api('POST', '/api/auth/resend-verification', { body: { email } });

describe('SES bounces and complaints', () => {
  it('marks a permanently bounced address undeliverable: staff see it and no further mail is sent to it', async () => {
    const user = await registerThroughApi();
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect((await detail(user.userId)).mailUndeliverable).toBeNull();

    const answer = await mailFeedback(addressedTo(permanentBounce, user.email));
    const resent = await resend(user.email);

    expect(answer).toEqual({ marked: 1 });
    expect((await detail(user.userId)).mailUndeliverable).toEqual({
      reason: 'bounce',
      detail: 'Permanent/General',
      at: '2026-11-20T10:00:04.869Z',
    });
    expect(resent.status).toBe(200);
    // The resend queued a mail; the sender recorded it as suppressed instead of sending it.
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('marks nothing for a transient bounce: the next mail still goes out', async () => {
    const user = await registerThroughApi();
    expect(await mailsTo(user.email)).toHaveLength(1);

    const answer = await mailFeedback(addressedTo(transientBounce, user.email));
    await resend(user.email);

    expect(answer).toEqual({ marked: 0 });
    expect((await detail(user.userId)).mailUndeliverable).toBeNull();
    expect(await mailsTo(user.email)).toHaveLength(2);
  });

  it('marks a complaint, whatever the case SES reports the address in', async () => {
    const user = await registerThroughApi();
    expect(await mailsTo(user.email)).toHaveLength(1);

    const answer = await mailFeedback(addressedTo(complaint, user.email));
    await resend(user.email);

    expect(answer).toEqual({ marked: 1 });
    expect((await detail(user.userId)).mailUndeliverable).toEqual({
      reason: 'complaint',
      detail: 'abuse',
      at: '2026-11-21T09:29:58.000Z',
    });
    expect(await mailsTo(user.email)).toHaveLength(1);
  });
});
