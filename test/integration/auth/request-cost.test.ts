import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { ORIGIN_HEADER } from '@functions/commons/origin-secret';
import { db } from '@functions/data/client';
import { handler } from '@functions/handlers/auth/me';
import { lambdaContext } from '@infra/local/api-adapter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createVerifiedUser } from '../../support/users';

/** Runs the GET /auth/me function in this process, as Lambda would, counting its DynamoDB calls. */
function meEvent(token: string) {
  const now = new Date();
  return {
    version: '2.0',
    routeKey: 'GET /api/auth/me',
    rawPath: '/api/auth/me',
    rawQueryString: '',
    headers: { authorization: `Bearer ${token}`, [ORIGIN_HEADER]: process.env.ORIGIN_SECRET! },
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: 'GET',
        path: '/api/auth/me',
        protocol: 'HTTP/1.1',
        sourceIp: '127.0.0.1',
        userAgent: 'test',
      },
      requestId: 'request-cost',
      routeKey: 'GET /api/auth/me',
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    isBase64Encoded: false,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('cost of an authenticated request', () => {
  it('makes exactly one DynamoDB call: a BatchGetItem of the user and the session', async () => {
    const user = await createVerifiedUser();
    const send = vi.spyOn(db, 'send');
    const result = await handler(meEvent(user.token) as never, lambdaContext('authMe'));
    expect((result as { statusCode: number }).statusCode).toBe(200);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0]).toBeInstanceOf(BatchGetCommand);
  });
});
