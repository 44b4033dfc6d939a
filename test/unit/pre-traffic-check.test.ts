import { preTrafficCheck } from '@functions/deploy/pre-traffic-check';
import {
  type Invocation,
  type Invoke,
  SYNTHETIC_BODY,
  syntheticEvent,
  type VersionCheck,
} from '@functions/deploy/synthetic-request';
import { describe, expect, it } from 'vitest';

/**
 * The canaries' BeforeAllowTraffic hook with Lambda and CodeDeploy stubbed at the client boundary (a
 * version that fails before any traffic is a fault we cannot cause here). That the real handlers
 * refuse the synthetic request: test/integration/deploy/pre-traffic-check.test.ts.
 */
const LOGIN: VersionCheck = {
  version: 'arn:aws:lambda:eu-central-1:123456789012:function:login:7',
  route: 'POST /api/auth/login',
  status: 400,
};
const REFUND: VersionCheck = {
  version: 'arn:aws:lambda:eu-central-1:123456789012:function:refund:3',
  route: 'POST /api/admin/applications/{id}/refund',
  status: 401,
};
const EVENT = { DeploymentId: 'd-ABC', LifecycleEventHookExecutionId: 'hook-1' };

const refusal = (status: number): Invocation => ({
  payload: JSON.stringify({ statusCode: status, body: JSON.stringify({ success: false, message: 'No' }) }),
});

/** Answers each version as `answers` says, and records what was invoked and reported. */
function stubs(answers: Record<string, Invocation | Error>) {
  const invoked: Array<{ version: string; body: unknown; authorization: unknown }> = [];
  const reported: string[] = [];
  const invoke: Invoke = async (version, event) => {
    invoked.push({ version, body: event.body, authorization: event.headers.authorization });
    const answer = answers[version]!;
    if (answer instanceof Error) throw answer;
    return answer;
  };
  const report = async (status: string) => {
    reported.push(status);
  };
  return { invoke, report, invoked, reported };
}

describe('the pre-traffic check', () => {
  it('lets the traffic shift when every version refuses the synthetic request as its route must', async () => {
    const { invoke, report, invoked, reported } = stubs({
      [LOGIN.version]: refusal(400),
      [REFUND.version]: refusal(401),
    });

    const status = await preTrafficCheck(EVENT, [LOGIN, REFUND], invoke, report);

    expect(status).toBe('Succeeded');
    expect(reported).toEqual(['Succeeded']);
    expect(invoked.map((call) => call.version).sort()).toEqual([LOGIN.version, REFUND.version].sort());
    for (const call of invoked) {
      expect(call.body).toBe(SYNTHETIC_BODY);
      expect(call.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    }
  });

  it('stops the deployment when a version crashes', async () => {
    const { invoke, report, reported } = stubs({
      [LOGIN.version]: { functionError: 'Unhandled', payload: '{"errorMessage":"Cannot find module"}' },
      [REFUND.version]: refusal(401),
    });

    expect(await preTrafficCheck(EVENT, [LOGIN, REFUND], invoke, report)).toBe('Failed');
    expect(reported).toEqual(['Failed']);
  });

  it('stops the deployment when a version answers 500, or anything but its refusal', async () => {
    for (const answer of [
      refusal(500),
      refusal(401),
      { payload: JSON.stringify({ statusCode: 400, body: '{"success":true}' }) },
      { payload: 'not json' },
    ]) {
      const { invoke, report, reported } = stubs({ [LOGIN.version]: answer });

      expect(await preTrafficCheck(EVENT, [LOGIN], invoke, report)).toBe('Failed');
      expect(reported).toEqual(['Failed']);
    }
  });

  it('stops the deployment when a version cannot be invoked', async () => {
    const { invoke, report, reported } = stubs({ [LOGIN.version]: new Error('AccessDeniedException') });

    expect(await preTrafficCheck(EVENT, [LOGIN], invoke, report)).toBe('Failed');
    expect(reported).toEqual(['Failed']);
  });

  it('still reports, as failed, when its own list of versions is broken', async () => {
    const { invoke, report, invoked, reported } = stubs({});

    expect(await preTrafficCheck(EVENT, new Error('CHECKS names no version'), invoke, report)).toBe('Failed');
    expect(invoked).toEqual([]);
    expect(reported).toEqual(['Failed']);
  });

  it('names the route in the event it sends, as API Gateway would', () => {
    const event = syntheticEvent(REFUND, new Date('2026-01-01T00:00:00Z'));

    expect(event.routeKey).toBe('POST /api/admin/applications/{id}/refund');
    expect(event.requestContext.http.method).toBe('POST');
    expect(event.headers['content-type']).toBe('application/json');
  });
});
