import { expectedRefusal, judge, syntheticEvent } from '@functions/deploy/synthetic-request';
import { allRoutes } from '@functions/routes/manifest';
import { loadFunctionModule } from '@infra/local/api-adapter';
import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';

/**
 * The canaries' pre-traffic check (functions/deploy/pre-traffic-check.ts) calls each canary route's
 * new version with one synthetic request. Here every canary route's real handler gets that request,
 * with the functions' environment, and must refuse it as the check expects: the check then passes on
 * a sound version, and it changes nothing, since a refusal comes before the handler's own work.
 */
const canaryRoutes = allRoutes.filter(([, route]) => route.rollout === 'canary');

const context = {
  awsRequestId: 'pre-traffic-check',
  functionName: 'pre-traffic-check',
  getRemainingTimeInMillis: () => 10_000,
} as unknown as Context;

describe('the synthetic request of the pre-traffic check', () => {
  it.each(canaryRoutes)('is refused by %s as its access level says', async (_routeId, route) => {
    const check = {
      version: route.handler,
      route: `${route.method} ${route.path}`,
      status: expectedRefusal(route.access),
    };
    const handler = await loadFunctionModule<(event: unknown, context: Context) => Promise<unknown>>(
      route.handler,
    );

    const answer = await handler(syntheticEvent(check), context);

    expect(judge(check, { payload: JSON.stringify(answer) })).toBeUndefined();
  });
});
