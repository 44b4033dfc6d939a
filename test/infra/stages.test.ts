import { allRoutes } from '@functions/routes/manifest';
import { STAGES } from '@infra/stacks/stages';
import type { Stack } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiStacks, PROD_CONTEXT, type SynthesizedService, synthesizeService } from './synth';

type Resource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string };

let dev: SynthesizedService;
let prod: SynthesizedService;

function resources(service: SynthesizedService, stack: Stack): Resource[] {
  return Object.values(service.template(stack).toJSON().Resources as Record<string, Resource>);
}

function ofType(service: SynthesizedService, stack: Stack, type: string): Resource[] {
  return resources(service, stack).filter((resource) => resource.Type === type);
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

  it('stops a prod synth without an address for the alarms', () => {
    const { alarmEmail: _alarm, ...rest } = PROD_CONTEXT;

    expect(() => synthesizeService({ context: { ...rest, alarmEmail: '' } })).toThrow(
      'Stage "prod" needs -c alarmEmail=… (no defaults in prod)',
    );
  });

  it('refuses a stage that is not in the table', () => {
    expect(() => synthesizeService({ context: { stage: 'staging' } })).toThrow(
      'Unknown stage "staging": one of dev, prod',
    );
  });

  it('pins every stack to the stage region (the WAF and edge alarms to us-east-1, the backup copies to theirs), and prod to its account', () => {
    const { waf, edgeMonitoring, backupCopy, apiRoutes, ...regional } = prod.stacks;
    for (const stack of [...Object.values(regional), ...Object.values(apiRoutes)].filter(
      Boolean,
    ) as Stack[]) {
      expect(stack.region, stack.stackName).toBe(STAGES.prod.region);
      expect(stack.account).toBe(PROD_CONTEXT.account);
    }
    for (const stack of [waf, edgeMonitoring]) {
      expect(stack.region).toBe('us-east-1');
      expect(stack.account).toBe(PROD_CONTEXT.account);
    }
    expect(backupCopy!.region).toBe(STAGES.prod.backup.copyRegion);
    expect(dev.stacks.api.region).toBe(STAGES.dev.region);
  });

  it("throttles the API stage and each auth route with the stage's limits", () => {
    for (const [service, settings] of [
      [dev, STAGES.dev],
      [prod, STAGES.prod],
    ] as const) {
      const [stage] = ofType(service, service.stacks.apiStage, 'AWS::ApiGatewayV2::Stage');
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
        // Staff invitations mail any address and set a password, so they get the auth routes' limit.
        'POST /api/admin/staff-invitations': authLimit,
        'POST /api/admin/staff-invitations/{id}/resend': authLimit,
        'POST /api/auth/staff-invitation/open': authLimit,
        'POST /api/auth/staff-invitation/accept': authLimit,
        // A guest's application makes an account and mails a link; its links open a session or add one.
        'POST /api/applications/guest': authLimit,
        'POST /api/applications/guest/open': authLimit,
        'POST /api/applications/guest/join': authLimit,
      });
    }
    expect(allRoutes.filter(([, route]) => route.throttle === 'auth')).toHaveLength(11);
    expect(STAGES.prod.throttle.authRoute.rateLimit).toBeLessThan(STAGES.prod.throttle.api.rateLimit);
  });

  it("sets each function's log level and every log group's retention from the stage", () => {
    for (const [service, settings] of [
      [dev, STAGES.dev],
      [prod, STAGES.prod],
    ] as const) {
      const functions = apiStacks(service).flatMap((stack) =>
        ofType(service, stack, 'AWS::Lambda::Function'),
      );
      const levels = new Set(
        functions.map(
          (fn) => (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.LOG_LEVEL,
        ),
      );
      const retentions = new Set(
        apiStacks(service)
          .flatMap((stack) => ofType(service, stack, 'AWS::Logs::LogGroup'))
          .map((group) => group.Properties.RetentionInDays),
      );

      expect([...levels]).toEqual([settings.logLevel]);
      expect([...retentions]).toEqual([settings.logRetention]);
    }
    expect(STAGES.dev.logRetention).not.toBe(STAGES.prod.logRetention);
  });

  it('retains stateful resources in prod, but not when their first create rolls back, and deletes them with a dev stack', () => {
    const policies = (service: SynthesizedService) =>
      new Set(
        [
          ...ofType(service, service.stacks.data, 'AWS::DynamoDB::Table'),
          ...ofType(service, service.stacks.api, 'AWS::SecretsManager::Secret'),
          ...ofType(service, service.stacks.api, 'AWS::Logs::LogGroup'),
          ...ofType(service, service.stacks.waf, 'AWS::Logs::LogGroup'),
          ...ofType(service, service.stacks.web, 'AWS::S3::Bucket'),
        ].map((resource) => resource.DeletionPolicy),
      );

    // A failed first deploy removes what it created, so a retry does not meet it (AlreadyExists).
    expect([...policies(prod)]).toEqual(['RetainExceptOnCreate']);
    expect([...policies(dev)]).toEqual(['Delete']);
  });
});
