import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@functions/data/client';
import { keys } from '@functions/data/keys';
import { AUTH_MESSAGES } from '@functions/domain/accounts/messages';
import { hashToken } from '@functions/domain/accounts/secrets';
import {
  resendVerification,
  VERIFICATION_TOKEN_TTL_MS,
  verifyEmail,
} from '@functions/domain/accounts/verification';
import { refusalOf } from '@functions/pipeline/middleware/error-mapper';
import { describe, expect, it } from 'vitest';
import { api, runId } from '../../support/api';
import { refusal } from '../../support/refusals';
import { createVerifiedUser, TEST_PASSWORD, uniqueIdentity } from '../../support/users';
import { mailCount, mailedToken, registerThroughApi, verifyThroughApi } from './flows';
import { hitWindowForTest } from './throttle-support';

const resend = (email: string) => api('POST', '/api/auth/resend-verification', { body: { email } });

describe('POST /api/auth/verify-email', () => {
  it('accepts a verification link only once', async () => {
    const { email } = await registerThroughApi();
    const token = await mailedToken(email, 'verify-email');
    const first = await verifyThroughApi(token);
    const second = await verifyThroughApi(token);
    expect(first.status).toBe(200);
    expect(second.status).toBe(400);
    expect(second.body.message).toBe('Verification link is invalid or expired.');
  });

  it('refuses an earlier unused link once the address is verified, so it opens no session', async () => {
    const { email } = await registerThroughApi();
    const earlier = await mailedToken(email, 'verify-email');
    const later = new Date(Date.now() + 61_000);
    await resendVerification({ email, ip: `test-ip-${runId()}`, now: later });
    const latest = await mailedToken(email, 'verify-email');
    const first = await verifyThroughApi(latest);
    const second = await verifyThroughApi(earlier);
    expect(latest).not.toBe(earlier);
    expect(first.status).toBe(200);
    expect(second.status).toBe(400);
    expect(second.body.message).toBe('Verification link is invalid or expired.');
  });

  it('refuses a link older than 24 hours', async () => {
    const { email } = await registerThroughApi();
    const token = await mailedToken(email, 'verify-email');
    const later = new Date(Date.now() + VERIFICATION_TOKEN_TTL_MS + 1000);
    expect(
      await refusal(verifyEmail({ token, password: TEST_PASSWORD, ip: `test-ip-${runId()}`, now: later })),
    ).toMatchObject({
      status: 400,
      message: 'Verification link is invalid or expired.',
    });
  });

  it('refuses an unknown token with 400', async () => {
    const answer = await verifyThroughApi('x'.repeat(43));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Verification token is missing or invalid.');
  });

  it('refuses a missing token with 400', async () => {
    const answer = await api('POST', '/api/auth/verify-email', { body: { password: TEST_PASSWORD } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Verification token is missing or invalid.');
  });

  it('stores the token only as its hash', async () => {
    const { email } = await registerThroughApi();
    const token = await mailedToken(email, 'verify-email');
    const byValue = await db.send(
      new GetCommand({ TableName: tableName, Key: keys.oneTimeToken(token, 'verify-email') }),
    );
    const byHash = await db.send(
      new GetCommand({ TableName: tableName, Key: keys.oneTimeToken(hashToken(token), 'verify-email') }),
    );
    expect(byValue.Item).toBeUndefined();
    expect(byHash.Item).toBeDefined();
    expect(JSON.stringify(byHash.Item)).not.toContain(token);
  });
});

describe('POST /api/auth/resend-verification', () => {
  it('answers the same for an unverified, a verified and an unknown address', async () => {
    const unverified = await registerThroughApi();
    const verified = await createVerifiedUser();
    const answers = await Promise.all([
      resend(unverified.email),
      resend(verified.email),
      resend(uniqueIdentity('none').email),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers[1]!.body).toEqual(answers[0]!.body);
    expect(answers[2]!.body).toEqual(answers[0]!.body);
  });

  it('mails a new working link to an unverified account only', async () => {
    const unverified = await registerThroughApi();
    const verified = await createVerifiedUser();
    await Promise.all([resend(unverified.email), resend(verified.email)]);
    const token = await mailedToken(unverified.email, 'verify-email');
    expect(await mailCount(unverified.email)).toBe(2);
    expect(await mailCount(verified.email)).toBe(0);
    expect((await verifyThroughApi(token)).status).toBe(200);
  });

  it('throttles a second request for one address within a minute with 429 and Retry-After, known or not', async () => {
    const known = await registerThroughApi();
    const unknown = uniqueIdentity('none').email;
    await Promise.all([resend(known.email), resend(unknown)]);
    const [again, unknownAgain] = await Promise.all([resend(known.email), resend(unknown)]);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(unknownAgain.status).toBe(429);
    expect(await mailCount(known.email)).toBe(2);
  });

  it('sends at most five verification mails a day to one address', async () => {
    const { email } = await registerThroughApi();
    const ip = `test-ip-${runId()}`;
    // Midday UTC, so the six requests fall in one daily window whenever the suite runs.
    const start = new Date().setUTCHours(12, 0, 0, 0);
    const outcomes: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      const now = new Date(start + index * 2 * 60_000);
      outcomes.push(
        await resendVerification({ email, ip, now }).then(
          () => 'sent',
          (error: unknown) => String(refusalOf(error)?.status),
        ),
      );
    }
    expect(outcomes.filter((outcome) => outcome === 'sent')).toHaveLength(5);
    expect(outcomes).toContain('429');
  });

  it('refuses the 101st request from one IP address within an hour with 429 and Retry-After', async () => {
    const ip = `test-ip-${runId()}`;
    const now = new Date();
    const hour = 3_600_000;
    const windowEnd = (Math.floor(now.getTime() / hour) + 1) * hour;
    await hitWindowForTest(`resend-ip-${hour}`, ip, 99, hour, now);

    const hundredth = resendVerification({ email: uniqueIdentity('none').email, ip, now });
    await expect(hundredth).resolves.toBeUndefined();
    const hundredFirst = resendVerification({ email: uniqueIdentity('none').email, ip, now });

    expect(await refusal(hundredFirst)).toMatchObject({
      status: 429,
      message: AUTH_MESSAGES.ipThrottled,
      headers: { 'Retry-After': String(Math.ceil((windowEnd - now.getTime()) / 1000)) },
    });
  });
});
