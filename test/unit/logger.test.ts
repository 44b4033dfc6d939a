import type { ApiEvent, ApiResult } from '@functions/pipeline/http-types';
import type { Context } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import fixture from '../fixtures/http-api-v2-event.json';

// The pipeline's auth middleware imports the data layer, which reads its table at load.
vi.stubEnv('TABLE_NAME', 'unit-test');
let basePipeline: typeof import('@functions/pipeline/endpoint').basePipeline;
let logger: typeof import('@functions/commons/logger').logger;

beforeAll(async () => {
  ({ basePipeline } = await import('@functions/pipeline/endpoint'));
  ({ logger } = await import('@functions/commons/logger'));
});

afterEach(() => {
  vi.restoreAllMocks();
});

function contextFor(requestId: string) {
  return {
    awsRequestId: requestId,
    functionName: 'logTest',
    getRemainingTimeInMillis: () => 1000,
  } as Context;
}

/** Every line the logger wrote, parsed: info and debug go to stdout, warn and error to stderr. */
function captureLines() {
  const lines: Array<Record<string, unknown>> = [];
  const record = (line: unknown) => lines.push(JSON.parse(String(line)) as Record<string, unknown>);
  vi.spyOn(console, 'log').mockImplementation(record);
  vi.spyOn(console, 'error').mockImplementation(record);
  return lines;
}

describe('function logs', () => {
  it('writes one JSON line per entry with level, message, time, service and both request ids', async () => {
    vi.stubEnv('LOG_LEVEL', 'INFO');
    const lines = captureLines();
    const handler = basePipeline().handler(async () => {
      logger.info('working', { applicationId: 'a1' });
      return { statusCode: 204 };
    });
    await handler(structuredClone(fixture) as ApiEvent, contextFor('request-1'));
    expect(lines).toEqual([
      {
        level: 'INFO',
        message: 'working',
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        service: 'exchange-api',
        requestId: 'request-1',
        apiRequestId: fixture.requestContext.requestId,
        function: 'logTest',
        coldStart: expect.any(Boolean),
        applicationId: 'a1',
      },
    ]);
  });

  it('keeps the request ids of concurrent invocations apart', async () => {
    vi.stubEnv('LOG_LEVEL', 'INFO');
    const lines = captureLines();
    const handler = basePipeline().handler(async (event) => {
      await new Promise((resolve) => setTimeout(resolve, Number(event.rawQueryString)));
      logger.info('done', { delay: event.rawQueryString });
      return { statusCode: 204 };
    });
    const invocations = [30, 0, 15].map((delay, index) =>
      handler(
        { ...(structuredClone(fixture) as ApiEvent), rawQueryString: String(delay) },
        contextFor(`r${index}`),
      ),
    );
    await Promise.all(invocations);
    expect(lines.map((line) => [line.delay, line.requestId]).sort()).toEqual([
      ['0', 'r1'],
      ['15', 'r2'],
      ['30', 'r0'],
    ]);
  });

  it('logs an unhandled error with its stack, and counts it for its function version, while the caller gets a bare 500', async () => {
    vi.stubEnv('LOG_LEVEL', 'INFO');
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'exchange-prod-api-accounts-AuthLogin');
    vi.stubEnv('AWS_LAMBDA_FUNCTION_VERSION', '7');
    const lines = captureLines();
    const handler = basePipeline().handler(async () => {
      throw new Error('table exploded');
    });
    const result = (await handler(
      structuredClone(fixture) as ApiEvent,
      contextFor('request-2'),
    )) as ApiResult;
    expect(result.statusCode).toBe(500);
    expect(result.body).not.toContain('exploded');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: 'ERROR',
      message: 'unhandled error',
      requestId: 'request-2',
      error: { name: 'Error', message: 'table exploded', stack: expect.stringContaining('table exploded') },
    });
    // The canary's rollback alarm reads this metric of the new version (infra/constructs/canary.ts).
    expect(lines[1]).toMatchObject({
      ServerErrors: 1,
      FunctionName: 'exchange-prod-api-accounts-AuthLogin',
      Version: '7',
    });
  });

  it('writes nothing below LOG_LEVEL', () => {
    vi.stubEnv('LOG_LEVEL', 'WARN');
    const lines = captureLines();
    logger.debug('d');
    logger.info('i');
    logger.warn('w');
    expect(lines.map((line) => line.level)).toEqual(['WARN']);
  });
});
