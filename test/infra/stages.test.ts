import { routes } from '@functions/routes/manifest';
import { AUTH_THROTTLED_ROUTES, PASSWORD_HASHING_ROUTES } from '@infra/stacks/api-stack';
import { STAGES } from '@infra/stacks/stages';
import type { Stack } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROD_CONTEXT, type SynthesizedService, synthesizeService } from './synth';

type Resource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string };

let dev: SynthesizedService;
let prod: SynthesizedService;

function resources(service: SynthesizedService, stack: Stack): Resource[] {
  return Object.values(service.template(stack).toJSON().Resources as Record<string, Resource>);
}

function ofType(service: SynthesizedService, stack: Stack, type: string): Resource[] {
  return resources(service, stack).filter((resource) => resource.Type === type);
}

/** Memory of the API function behind each route id. */
function memoryByRoute(service: SynthesizedService): Map<string, unknown> {
  const stack = service.stacks.api;
  const template = service.template(stack).toJSON().Resources as Record<string, Resource>;
  return new Map(
    [...stack.functions].map(([routeId, fn]) => [
      routeId,
      template[stack.getLogicalId(fn.node.defaultChild as never)]!.Properties.MemorySize,
    ]),
  );
}

beforeAll(() => {
  dev = synthesizeService();
  prod = synthesizeService({ context: PROD_CONTEXT });
});

describe('stage configuration', () => {
  it('stops a prod synth without siteUrl, mailFrom and adminEmail with one line naming them', () => {
    const { siteUrl: _s, mailFrom: _m, adminEmail: _a, ...rest } = PROD_CONTEXT;
    let message = '';
    try {
      synthesizeService({ context: { ...rest, siteUrl: '', mailFrom: '', adminEmail: '' } });
    } catch (error) {
      message = (error as Error).message;
    }

    expect(message).toBe(
      'Stage "prod" needs -c siteUrl=… -c mailFrom=… -c adminEmail=… (no defaults in prod)',
    );
  });

  it('refuses a stage that is not in the table', () => {
    expect(() => synthesizeService({ context: { stage: 'staging' } })).toThrow(
      'Unknown stage "staging": one of dev, prod',
    );
  });

  it('pins every stack to the stage region (the WAF to us-east-1), and prod to its account', () => {
    const { waf, ...regional } = prod.stacks;
    for (const stack of Object.values(regional).filter(Boolean) as Stack[]) {
      expect(stack.region).toBe(STAGES.prod.region);
      expect(stack.account).toBe(PROD_CONTEXT.account);
    }
    expect(waf.region).toBe('us-east-1');
    expect(waf.account).toBe(PROD_CONTEXT.account);
    expect(dev.stacks.api.region).toBe(STAGES.dev.region);
  });

  it("throttles the API stage and each auth route with the stage's limits", () => {
    for (const [service, settings] of [
      [dev, STAGES.dev],
      [prod, STAGES.prod],
    ] as const) {
      const [stage] = ofType(service, service.stacks.api, 'AWS::ApiGatewayV2::Stage');
      const authLimit = {
        ThrottlingRateLimit: settings.throttle.authRoute.rateLimit,
        ThrottlingBurstLimit: settings.throttle.authRoute.burstLimit,
      };

      expect(stage!.Properties.DefaultRouteSettings).toMatchObject({
        ThrottlingRateLimit: settings.throttle.api.rateLimit,
        ThrottlingBurstLimit: settings.throttle.api.burstLimit,
      });
      expect(stage!.Properties.RouteSettings).toEqual({
        'POST /api/auth/register': authLimit,
        'POST /api/auth/login': authLimit,
        'POST /api/auth/forgot-password': authLimit,
        'POST /api/auth/resend-verification': authLimit,
      });
    }
    expect(AUTH_THROTTLED_ROUTES.map((id) => routes[id].path)).toHaveLength(4);
    expect(STAGES.prod.throttle.authRoute.rateLimit).toBeLessThan(STAGES.prod.throttle.api.rateLimit);
  });

  it('gives the bcrypt routes their memory and every other function the default', () => {
    const memory = memoryByRoute(prod);
    const hashing = new Set<string>(PASSWORD_HASHING_ROUTES);

    for (const [routeId, size] of memory)
      expect(size, routeId).toBe(
        hashing.has(routeId) ? STAGES.prod.memoryMb.passwordHashing : STAGES.prod.memoryMb.default,
      );
    expect([...hashing].every((id) => memory.has(id))).toBe(true);
  });

  it("sets each function's log level and every log group's retention from the stage", () => {
    for (const [service, settings] of [
      [dev, STAGES.dev],
      [prod, STAGES.prod],
    ] as const) {
      const functions = ofType(service, service.stacks.api, 'AWS::Lambda::Function');
      const levels = new Set(
        functions.map(
          (fn) => (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.LOG_LEVEL,
        ),
      );
      const retentions = new Set(
        ofType(service, service.stacks.api, 'AWS::Logs::LogGroup').map(
          (group) => group.Properties.RetentionInDays,
        ),
      );

      expect([...levels]).toEqual([settings.logLevel]);
      expect([...retentions]).toEqual([settings.logRetention]);
    }
    expect(STAGES.dev.logRetention).not.toBe(STAGES.prod.logRetention);
  });

  it('retains stateful resources in prod and deletes them with a dev stack', () => {
    const policies = (service: SynthesizedService) =>
      new Set(
        [
          ...ofType(service, service.stacks.data, 'AWS::DynamoDB::Table'),
          ...ofType(service, service.stacks.api, 'AWS::SecretsManager::Secret'),
          ...ofType(service, service.stacks.api, 'AWS::Logs::LogGroup'),
          ...ofType(service, service.stacks.web, 'AWS::S3::Bucket'),
        ].map((resource) => resource.DeletionPolicy),
      );

    expect([...policies(prod)]).toEqual(['Retain']);
    expect([...policies(dev)]).toEqual(['Delete']);
  });
});
