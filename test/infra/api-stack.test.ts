import { SECRET_TTL_MS } from '@functions/commons/secret-store';
import { needsJwtSecret } from '@functions/routes/definition';
import { allRoutes } from '@functions/routes/manifest';
import type { ApiFunction } from '@infra/constructs/api-function';
import { STAGES } from '@infra/stacks/stages';
import type { Stack } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SynthesizedService, synthesizeService } from './synth';

type Resource = { Type: string; Properties: Record<string, unknown> };

let service: SynthesizedService;
let api: Template;
let resources: Record<string, Resource>;

function logicalId(stack: Stack, fn: ApiFunction): string {
  return stack.getLogicalId(fn.node.defaultChild as CfnFunction);
}

function functionProps(fn: ApiFunction): Record<string, unknown> {
  return resources[logicalId(service.stacks.api, fn)]!.Properties;
}

function environmentOf(fn: ApiFunction): Record<string, unknown> {
  return (functionProps(fn).Environment as { Variables: Record<string, unknown> }).Variables;
}

function ofType(type: string): Resource[] {
  return Object.values(resources).filter((resource) => resource.Type === type);
}

/** `integrations/<id>` of a route → the logical id of the function that integration invokes. */
function functionBehindRoute(route: Resource): string {
  const target = JSON.stringify(route.Properties.Target);
  const integrationId = /"Ref":"([^"]+)"/.exec(target)![1]!;
  const uri = resources[integrationId]!.Properties.IntegrationUri as { 'Fn::GetAtt': [string, string] };
  return uri['Fn::GetAtt'][0];
}

beforeAll(() => {
  service = synthesizeService();
  api = service.template(service.stacks.api);
  resources = api.toJSON().Resources as Record<string, Resource>;
});

describe('API stack', () => {
  it('creates one function per manifest route plus one for the fallback', () => {
    expect(ofType('AWS::Lambda::Function')).toHaveLength(allRoutes.length + 1);
  });

  it('creates one HTTP API route per manifest entry, keyed METHOD /path, plus $default', () => {
    const routeKeys = ofType('AWS::ApiGatewayV2::Route').map((route) => route.Properties.RouteKey);

    expect(routeKeys.sort()).toEqual(
      [...allRoutes.map(([, route]) => `${route.method} ${route.path}`), '$default'].sort(),
    );
  });

  it('sends each route to the function built for that manifest entry', () => {
    for (const [routeId, route] of allRoutes) {
      const routeResource = ofType('AWS::ApiGatewayV2::Route').find(
        (candidate) => candidate.Properties.RouteKey === `${route.method} ${route.path}`,
      )!;
      const expected = logicalId(service.stacks.api, service.stacks.api.functions.get(routeId)!);

      expect(functionBehindRoute(routeResource), routeId).toBe(expected);
    }
  });

  it('answers unknown paths and methods with the fallback function through $default', () => {
    const defaultRoute = ofType('AWS::ApiGatewayV2::Route').find(
      (r) => r.Properties.RouteKey === '$default',
    )!;
    const fallback = service.stacks.api.functions.get('$default')!;

    expect(functionBehindRoute(defaultRoute)).toBe(logicalId(service.stacks.api, fallback));
  });

  it('runs every function on Node 22, arm64, with the ESM bundle handler', () => {
    api.allResourcesProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
    });
  });

  it('gives every function the site URL and the logging settings', () => {
    for (const fn of service.stacks.api.functions.values()) {
      expect(environmentOf(fn)).toMatchObject({
        SITE_URL: 'https://exchange.example.com',
        SERVICE_NAME: expect.any(String),
        LOG_LEVEL: expect.any(String),
        NODE_OPTIONS: '--enable-source-maps',
      });
    }
  });

  it('sets TABLE_NAME exactly on the functions whose manifest entry uses the table', () => {
    for (const [routeId, route] of allRoutes) {
      const environment = environmentOf(service.stacks.api.functions.get(routeId)!);

      expect('TABLE_NAME' in environment, routeId).toBe(route.uses.table !== undefined);
    }
  });

  it('sets MAIL_FROM exactly on the functions whose manifest entry sends mail', () => {
    for (const [routeId, route] of allRoutes) {
      const environment = environmentOf(service.stacks.api.functions.get(routeId)!);

      expect('MAIL_FROM' in environment, routeId).toBe(route.uses.mail === true);
    }
  });

  it('sets MARKET_DATA_URL exactly on the functions whose manifest entry calls the provider', () => {
    for (const [routeId, route] of allRoutes) {
      const environment = environmentOf(service.stacks.api.functions.get(routeId)!);

      expect(environment.MARKET_DATA_URL, routeId).toBe(
        route.uses.marketData ? 'https://api.coingecko.com/api/v3' : undefined,
      );
    }
  });

  it('gives the JWT secret and the extension that reads it exactly to the functions that handle tokens', () => {
    for (const [routeId, route] of allRoutes) {
      const fn = service.stacks.api.functions.get(routeId)!;
      const environment = environmentOf(fn);
      const handlesTokens = needsJwtSecret(route.access, route.uses);

      expect(environment.JWT_SECRET_ARN, routeId).toEqual(
        handlesTokens ? { Ref: expect.stringMatching(/^JwtSigningKey/) } : undefined,
      );
      // The extension keeps a key no longer than the function does: KEY_ROLLOVER_MS counts on both.
      expect(environment.SECRETS_MANAGER_TTL, routeId).toBe(
        handlesTokens ? String(SECRET_TTL_MS / 1000) : undefined,
      );
      // A mapping lookup in a region-agnostic stack, the layer ARN itself in a pinned one.
      expect(
        /Paramsandsecrets|Parameters-and-Secrets/.test(JSON.stringify(functionProps(fn).Layers ?? [])),
        routeId,
      ).toBe(handlesTokens);
    }
    const fallback = environmentOf(service.stacks.api.functions.get('$default')!);
    expect(fallback.JWT_SECRET_ARN).toBeUndefined();
  });

  it('gives the key that seals TOTP secrets exactly to the functions that set up or check a second factor', () => {
    for (const [routeId, route] of allRoutes) {
      const environment = environmentOf(service.stacks.api.functions.get(routeId)!);

      expect(environment.MFA_KEY_ARN, routeId).toEqual(
        route.uses.mfaKey ? { Ref: expect.stringMatching(/^MfaSealingKey/) } : undefined,
      );
    }
  });

  it('writes every function log to its own log group with a retention', () => {
    for (const fn of service.stacks.api.functions.values()) {
      const logGroupId = (functionProps(fn).LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;

      expect(resources[logGroupId]!.Properties.RetentionInDays).toBeGreaterThan(0);
    }
  });

  it('generates the JWT signing key in Secrets Manager instead of writing it into the template', () => {
    const [secret] = ofType('AWS::SecretsManager::Secret');
    const generate = secret!.Properties.GenerateSecretString as Record<string, unknown>;

    expect(generate.PasswordLength).toBeGreaterThanOrEqual(64);
    expect(generate.ExcludePunctuation).toBe(true);
    expect(secret!.Properties.SecretString).toBeUndefined();
  });

  it('throttles the default stage and writes access logs to a log group', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingRateLimit: STAGES.dev.throttle.api.rateLimit,
        ThrottlingBurstLimit: STAGES.dev.throttle.api.burstLimit,
      },
      AccessLogSettings: { DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^AccessLogs'), 'Arn'] } },
    });
  });
});
