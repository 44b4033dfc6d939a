import { SECRET_TTL_MS } from '@functions/commons/secret-store';
import { allRoutes } from '@functions/routes/manifest';
import { API_ROUTE_GROUPS, routesOfGroup } from '@infra/stacks/api-routes-stack';
import { STAGES } from '@infra/stacks/stages';
import { needsJwtSecret } from '@shared/routes/definition';
import type { Stack } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiFunctionEntry,
  apiFunctions,
  apiStacks,
  functionProperties,
  type SynthesizedService,
  synthesizeService,
} from './synth';

type Resource = { Type: string; Properties: Record<string, unknown> };

let service: SynthesizedService;
let functions: Map<string, ApiFunctionEntry>;

function resourcesOf(stack: Stack): Record<string, Resource> {
  return service.template(stack).toJSON().Resources as Record<string, Resource>;
}

function ofType(type: string): Array<{ stack: Stack; id: string; resource: Resource }> {
  return apiStacks(service).flatMap((stack) =>
    Object.entries(resourcesOf(stack))
      .filter(([, resource]) => resource.Type === type)
      .map(([id, resource]) => ({ stack, id, resource })),
  );
}

function environmentOf(entry: ApiFunctionEntry): Record<string, unknown> {
  return (functionProperties(service, entry).Environment as { Variables: Record<string, unknown> }).Variables;
}

/** The function (logical id, in the route's stack) a route's integration invokes, through its alias. */
function functionBehindRoute(stack: Stack, route: Resource): string {
  const resources = resourcesOf(stack);
  const integrationId = /"Ref":"([^"]+)"/.exec(JSON.stringify(route.Properties.Target))![1]!;
  const aliasId = (resources[integrationId]!.Properties.IntegrationUri as { Ref: string }).Ref;
  const alias = resources[aliasId]!;
  expect(alias.Type).toBe('AWS::Lambda::Alias');
  expect(alias.Properties.Name).toBe('live');
  return (alias.Properties.FunctionName as { Ref: string }).Ref;
}

const logicalIdOf = (entry: ApiFunctionEntry) =>
  entry.stack.getLogicalId(entry.fn.node.defaultChild as CfnFunction);

beforeAll(() => {
  service = synthesizeService();
  functions = apiFunctions(service);
});

describe('API stacks', () => {
  it('place every route area in exactly one route stack', () => {
    const placed = Object.values(API_ROUTE_GROUPS).flat();

    expect(new Set(placed).size).toBe(placed.length);
    expect(
      Object.keys(API_ROUTE_GROUPS)
        .flatMap((group) => routesOfGroup(group as never).map(([id]) => id))
        .sort(),
    ).toEqual(allRoutes.map(([id]) => id).sort());
  });

  it('create one function per manifest route, plus the fallback, the origin authorizer and each route stack’s pre-traffic check of its canaries', () => {
    const stacksWithCanaries = new Set(
      allRoutes
        .filter(([, route]) => route.rollout === 'canary')
        .map(([routeId]) => functions.get(routeId)!.stack),
    );
    expect(ofType('AWS::Lambda::Function')).toHaveLength(allRoutes.length + 2 + stacksWithCanaries.size);
    expect(functions.size).toBe(allRoutes.length + 2);
  });

  it('create one HTTP API route per manifest entry, keyed METHOD /path, plus $default', () => {
    const routeKeys = ofType('AWS::ApiGatewayV2::Route').map(({ resource }) => resource.Properties.RouteKey);

    expect(routeKeys.sort()).toEqual(
      [...allRoutes.map(([, route]) => `${route.method} ${route.path}`), '$default'].sort(),
    );
  });

  it('send each route to the live alias of the function built for that manifest entry', () => {
    for (const [routeId, route] of allRoutes) {
      const { stack, resource } = ofType('AWS::ApiGatewayV2::Route').find(
        (candidate) => candidate.resource.Properties.RouteKey === `${route.method} ${route.path}`,
      )!;
      const entry = functions.get(routeId)!;

      expect(stack, routeId).toBe(entry.stack);
      expect(functionBehindRoute(stack, resource), routeId).toBe(logicalIdOf(entry));
    }
  });

  it('answer unknown paths and methods with the fallback function through $default', () => {
    const { stack, resource } = ofType('AWS::ApiGatewayV2::Route').find(
      ({ resource }) => resource.Properties.RouteKey === '$default',
    )!;

    expect(functionBehindRoute(stack, resource)).toBe(logicalIdOf(functions.get('$default')!));
  });

  it('run every function on Node 22, arm64, with the ESM bundle handler', () => {
    for (const { resource } of ofType('AWS::Lambda::Function')) {
      expect(resource.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
      });
    }
  });

  it('give every function the site URL and the logging settings', () => {
    for (const entry of functions.values()) {
      expect(environmentOf(entry)).toMatchObject({
        SITE_URL: 'https://exchange.example.com',
        SERVICE_NAME: expect.any(String),
        LOG_LEVEL: expect.any(String),
        NODE_OPTIONS: '--enable-source-maps',
      });
    }
  });

  it('set TABLE_NAME exactly on the functions whose manifest entry uses the table, from the SSM parameter', () => {
    for (const [routeId, route] of allRoutes) {
      const environment = environmentOf(functions.get(routeId)!);

      expect('TABLE_NAME' in environment, routeId).toBe(route.uses.table !== undefined);
      if (route.uses.table)
        expect(JSON.stringify(environment.TABLE_NAME), routeId).toMatch(
          /"Ref":"SsmParameterValueexchangedevtablename/,
        );
    }
  });

  it('set MARKET_DATA_URL exactly on the functions whose manifest entry calls the provider', () => {
    for (const [routeId, route] of allRoutes) {
      expect(environmentOf(functions.get(routeId)!).MARKET_DATA_URL, routeId).toBe(
        route.uses.marketData ? 'https://api.coingecko.com/api/v3' : undefined,
      );
    }
  });

  it('give the TRON provider, its USDT contract and its API key secret exactly to the functions that call it', () => {
    for (const [routeId, route] of allRoutes) {
      const environment = environmentOf(functions.get(routeId)!);
      expect(environment.TRON_API_URL, routeId).toBe(route.uses.tron ? 'https://api.trongrid.io' : undefined);
      expect(environment.TRON_USDT_CONTRACT, routeId).toBe(
        route.uses.tron ? 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' : undefined,
      );
      expect(JSON.stringify(environment.TRON_API_KEY_ARN ?? null), routeId).toMatch(
        route.uses.tron ? /TronApiKey/ : /^null$/,
      );
    }
    expect([...allRoutes].filter(([, route]) => route.uses.tron).map(([id]) => id)).toContain(
      'setPayoutDetails',
    );
  });

  it('give the AML provider and its API key secret exactly to the functions that call it or the TRON provider', () => {
    for (const [routeId, route] of allRoutes) {
      const environment = environmentOf(functions.get(routeId)!);
      const callsAml = route.uses.aml === true || route.uses.tron === true;
      expect(environment.AML_API_URL, routeId).toBe(callsAml ? 'https://api.change.pro' : undefined);
      expect(JSON.stringify(environment.AML_API_KEY_ARN ?? null), routeId).toMatch(
        callsAml ? /AmlApiKey/ : /^null$/,
      );
    }
  });

  it('give the JWT secret and the extension that reads it exactly to the functions that handle tokens', () => {
    for (const [routeId, route] of allRoutes) {
      const entry = functions.get(routeId)!;
      const environment = environmentOf(entry);
      const handlesTokens = needsJwtSecret(route.access, route.uses);
      const readsSecrets =
        handlesTokens || route.uses.mfaKey === true || route.uses.tron === true || route.uses.aml === true;

      expect(JSON.stringify(environment.JWT_SECRET_ARN ?? null), routeId).toMatch(
        handlesTokens ? /JwtSigningKey/ : /^null$/,
      );
      // The extension keeps a key no longer than the function does: KEY_ROLLOVER_MS counts on both.
      expect(environment.SECRETS_MANAGER_TTL, routeId).toBe(
        readsSecrets ? String(SECRET_TTL_MS / 1000) : undefined,
      );
      // A mapping lookup in a region-agnostic stack, the layer ARN itself in a pinned one.
      expect(
        /Paramsandsecrets|Parameters-and-Secrets/.test(
          JSON.stringify(functionProperties(service, entry).Layers ?? []),
        ),
        routeId,
      ).toBe(readsSecrets);
    }
    expect(environmentOf(functions.get('$default')!).JWT_SECRET_ARN).toBeUndefined();
  });

  it('give the key that seals TOTP secrets exactly to the functions that set up or check a second factor', () => {
    for (const [routeId, route] of allRoutes) {
      expect(JSON.stringify(environmentOf(functions.get(routeId)!).MFA_KEY_ARN ?? null), routeId).toMatch(
        route.uses.mfaKey ? /MfaSealingKey/ : /^null$/,
      );
    }
  });

  it('write every function log to its own log group with a retention', () => {
    for (const entry of functions.values()) {
      const logGroupId = (functionProperties(service, entry).LoggingConfig as { LogGroup: { Ref: string } })
        .LogGroup.Ref;

      expect(resourcesOf(entry.stack)[logGroupId]!.Properties.RetentionInDays).toBeGreaterThan(0);
    }
  });

  it('give the bcrypt routes the stage memory for password hashing, the others the default', () => {
    for (const [routeId, route] of allRoutes) {
      expect(functionProperties(service, functions.get(routeId)!).MemorySize, routeId).toBe(
        route.passwordHashing ? STAGES.dev.memoryMb.passwordHashing : STAGES.dev.memoryMb.default,
      );
    }
  });

  it('hash passwords at the code’s BCRYPT_COST everywhere: no function gets PASSWORD_HASH_COST (the test stacks’ lower one)', () => {
    for (const [routeId] of allRoutes) {
      expect(environmentOf(functions.get(routeId)!), routeId).not.toHaveProperty('PASSWORD_HASH_COST');
    }
  });

  it('generate the JWT signing key in Secrets Manager instead of writing it into the template', () => {
    const { resource: secret } = ofType('AWS::SecretsManager::Secret').find(({ id }) =>
      id.startsWith('JwtSigningKey'),
    )!;
    const generate = secret.Properties.GenerateSecretString as Record<string, unknown>;

    expect(generate.PasswordLength).toBeGreaterThanOrEqual(64);
    expect(generate.ExcludePunctuation).toBe(true);
    expect(secret.Properties.SecretString).toBeUndefined();
  });

  it('throttle the default stage and write access logs to a log group', () => {
    service.template(service.stacks.apiStage).hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingRateLimit: STAGES.dev.throttle.api.rateLimit,
        ThrottlingBurstLimit: STAGES.dev.throttle.api.burstLimit,
      },
      AccessLogSettings: { DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^AccessLogs'), 'Arn'] } },
    });
  });

  it("count the stage's 429s from the access log, where they are the only trace", () => {
    service.template(service.stacks.apiStage).hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: '{ $.status = 429 }',
      MetricTransformations: [{ MetricNamespace: 'Exchange', MetricName: 'ApiThrottled', MetricValue: '1' }],
    });
  });
});
