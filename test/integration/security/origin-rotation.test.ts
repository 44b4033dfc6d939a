import { randomUUID } from 'node:crypto';
import { matchOriginSecret, ORIGIN_HEADER } from '@functions/commons/origin-secret';
import { SECRET_TTL_MS } from '@functions/commons/secret-store';
import { originAuthorizer } from '@functions/routes/manifest';
import { lambdaContext, loadFunctionModule } from '@infra/local/api-adapter';
import type {
  APIGatewayRequestAuthorizerEventV2,
  APIGatewaySimpleAuthorizerResult,
  Handler,
} from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSecretsExtension } from '../../support/secrets-extension';

/**
 * Rotating the origin secret as in AWS (the secret read at run time through the Parameters and
 * Secrets extension, here its stand-in): CloudFront keeps sending the previous value until the web
 * stack is deployed with the new one, and no request is refused meanwhile.
 */
const arn = 'arn:aws:secretsmanager:eu-central-1:123456789012:secret:OriginSecret-rotation';
let extension: Awaited<ReturnType<typeof startSecretsExtension>>;
const first = `${randomUUID()}-first`;

beforeAll(async () => {
  extension = await startSecretsExtension(arn, first, Date.now() - 86_400_000);
  vi.stubEnv('ORIGIN_SECRET', '');
  vi.stubEnv('ORIGIN_SECRET_ARN', arn);
  vi.stubEnv('PARAMETERS_SECRETS_EXTENSION_HTTP_PORT', String(extension.port));
  vi.stubEnv('AWS_SESSION_TOKEN', 'lambda-session-token');
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await extension.stop();
});

function authorizerEvent(value: string): APIGatewayRequestAuthorizerEventV2 {
  return {
    version: '2.0',
    type: 'REQUEST',
    routeArn: 'arn:aws:execute-api:eu-central-1:123456789012:abc/$default/GET/api/health',
    identitySource: [value],
    routeKey: 'GET /api/health',
    rawPath: '/api/health',
    rawQueryString: '',
    cookies: [],
    headers: { [ORIGIN_HEADER]: value },
    queryStringParameters: {},
    requestContext: {} as APIGatewayRequestAuthorizerEventV2['requestContext'],
    pathParameters: {},
    stageVariables: {},
  };
}

describe('rotating the origin secret', () => {
  it('accepts the new value and still the previous one, which CloudFront sends until the web stack is deployed', async () => {
    const start = Date.now();
    expect(await matchOriginSecret(first, start)).toBe('current');

    const second = `${randomUUID()}-second`;
    extension.put(second, start);
    // Every function has read the secret again.
    const later = start + 2 * SECRET_TTL_MS;

    expect(await matchOriginSecret(second, later)).toBe('current');
    expect(await matchOriginSecret(first, later)).toBe('previous');
    expect(await matchOriginSecret('guessed', later)).toBeUndefined();
  });

  it('has the authorizer report how long ago the rotation was with each request that carried the previous value, at any log level', async () => {
    const authorizer = await loadFunctionModule<
      Handler<APIGatewayRequestAuthorizerEventV2, APIGatewaySimpleAuthorizerResult>
    >(originAuthorizer.handler);
    vi.stubEnv('LOG_LEVEL', 'ERROR');
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const third = `${randomUUID()}-third`;
    const previousValue = `${randomUUID()}-previous`;
    // 70 minutes ago, in whole seconds (as CreatedDate carries it), then 20 minutes on.
    const rotatedAt = Math.floor(Date.now() / 1000) * 1000 - 70 * 60_000;
    extension.put(previousValue, rotatedAt - 60_000);
    extension.put(third, rotatedAt);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 4 * SECRET_TTL_MS);
    try {
      const invoke = (value: string) =>
        authorizer(authorizerEvent(value), lambdaContext('origin-authorizer'), () => {});

      expect(await invoke(third)).toEqual({ isAuthorized: true });
      expect(await invoke(previousValue)).toEqual({ isAuthorized: true });
      expect(await invoke(first)).toEqual({ isAuthorized: false });
      const reported = log.mock.calls
        .map(([line]) => JSON.parse(String(line)) as Record<string, unknown>)
        .filter((line) => 'OriginSecretPreviousMinutes' in line)
        .map((line) => line.OriginSecretPreviousMinutes);
      expect(reported).toEqual([70 + (4 * SECRET_TTL_MS) / 60_000]);
    } finally {
      vi.useRealTimers();
      log.mockRestore();
      vi.stubEnv('LOG_LEVEL', 'SILENT');
    }
  });
});
