import { MESSAGES_PER_MINUTE_PER_THREAD, MESSAGES_PER_MINUTE_PER_USER } from '@shared/messages';
import { adminListMessages, adminPostMessage, listMyMessages, postMyMessage } from '@shared/routes/messages';
import { describe, expect, it } from 'vitest';
import { type ApiAnswer, call } from '../../support/api';
import { createVerifiedUser, type TestUser } from '../../support/users';
import { createApplication } from '../applications/fixtures';

/**
 * How fast a thread takes messages (docs/product.md §4): per sender over all their threads, and
 * per thread from both sides together, each a clock minute (the throttle's fixed windows).
 */

/** Text of about the size the burst that found the gap sent (1.9 KB). */
const TEXT = 'x'.repeat(1900);

/**
 * The limits count per clock minute (the throttle's fixed windows): a burst that met two windows
 * proves nothing about one. `attempt` makes its own users and applications and sends its burst; it
 * runs again, once, when its burst crossed a minute — the second starts just after the crossing,
 * so it has most of a minute — and its answers are checked only from a burst within one minute.
 */
async function withinOneMinute<T>(attempt: () => Promise<T>): Promise<T> {
  const minuteOf = (ms: number) => Math.floor(ms / 60_000);
  for (let tries = 1; ; tries += 1) {
    const started = Date.now();
    const result = await attempt();
    if (minuteOf(started) === minuteOf(Date.now()) || tries === 2) return result;
  }
}

function postAs(side: 'client' | 'staff', user: TestUser, applicationId: string) {
  const route = side === 'client' ? postMyMessage : adminPostMessage;
  return call(route, { token: user.token, params: { id: applicationId }, body: { text: TEXT } });
}

/** Posts `count` messages one after the other; answers their statuses. */
async function burst(side: 'client' | 'staff', user: TestUser, applicationId: string, count: number) {
  const statuses: number[] = [];
  for (let sent = 0; sent < count; sent += 1) statuses.push((await postAs(side, user, applicationId)).status);
  return statuses;
}

function expectThrottled(answer: ApiAnswer, code: string, limit: number) {
  expect([answer.status, answer.body.code], answer.body.message).toEqual([429, code]);
  expect(answer.body.params).toMatchObject({ limit });
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('the message rate limits', () => {
  it('take a user’s messages up to the limit in a minute, then refuse the next with 429 in any of their threads, writing nothing', async () => {
    const { client, first, second, statuses, elsewhere, again } = await withinOneMinute(async () => {
      const client = await createVerifiedUser();
      const [first, second] = [await createApplication(client), await createApplication(client)];
      const statuses = await burst('client', client, first.id, MESSAGES_PER_MINUTE_PER_USER);
      const elsewhere = await postAs('client', client, second.id);
      const again = await postAs('client', client, first.id);
      return { client, first, second, statuses, elsewhere, again };
    });

    expect(statuses).toEqual(Array(MESSAGES_PER_MINUTE_PER_USER).fill(201));
    expectThrottled(elsewhere, 'MessagesTooFast', MESSAGES_PER_MINUTE_PER_USER);
    expectThrottled(again, 'MessagesTooFast', MESSAGES_PER_MINUTE_PER_USER);
    const firstThread = await call(listMyMessages, { token: client.token, params: { id: first.id } });
    const secondThread = await call(listMyMessages, { token: client.token, params: { id: second.id } });
    expect(firstThread.body.data!.items).toHaveLength(MESSAGES_PER_MINUTE_PER_USER);
    expect(secondThread.body.data!.items).toHaveLength(0);
  }, 120_000);

  it('hold a thread to its limit in a minute from the client and staff together, and leave other threads alone', async () => {
    const fromStaff = MESSAGES_PER_MINUTE_PER_THREAD - MESSAGES_PER_MINUTE_PER_USER;
    const result = await withinOneMinute(async () => {
      const [client, manager, colleague] = await Promise.all([
        createVerifiedUser(),
        createVerifiedUser({ role: 'MANAGER' }),
        createVerifiedUser({ role: 'MANAGER' }),
      ]);
      const busy = await createApplication(client);
      const quiet = await createApplication(await createVerifiedUser());
      const clientStatuses = await burst('client', client, busy.id, MESSAGES_PER_MINUTE_PER_USER);
      const staffStatuses = await burst('staff', manager, busy.id, fromStaff);
      const managerOver = await postAs('staff', manager, busy.id);
      const colleagueOver = await postAs('staff', colleague, busy.id);
      const otherThread = await postAs('staff', colleague, quiet.id);
      return { colleague, busy, clientStatuses, staffStatuses, managerOver, colleagueOver, otherThread };
    });

    expect(result.clientStatuses).toEqual(Array(MESSAGES_PER_MINUTE_PER_USER).fill(201));
    expect(result.staffStatuses).toEqual(Array(fromStaff).fill(201));
    expectThrottled(result.managerOver, 'ThreadTooBusy', MESSAGES_PER_MINUTE_PER_THREAD);
    expectThrottled(result.colleagueOver, 'ThreadTooBusy', MESSAGES_PER_MINUTE_PER_THREAD);
    expect(result.otherThread.status).toBe(201);
    const thread = await call(adminListMessages, {
      token: result.colleague.token,
      params: { id: result.busy.id },
    });
    expect(thread.body.data!.items).toHaveLength(MESSAGES_PER_MINUTE_PER_THREAD);
  }, 120_000);
});
