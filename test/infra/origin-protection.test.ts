import { ORIGIN_HEADER } from '@functions/commons/origin-secret';
import { allRoutes } from '@functions/routes/manifest';
import { ORIGIN_AUTHORIZER_CACHE } from '@infra/stacks/api-stack';
import type { Stack } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiFunctions,
  apiStacks,
  functionProperties,
  PROD_CONTEXT,
  type SynthesizedService,
  synthesizeService,
} from './synth';

type Resource = { Type: string; Properties: Record<string, unknown> };

let dev: SynthesizedService;
let prod: SynthesizedService;
let pinned: SynthesizedService;

function resources(service: SynthesizedService, stack: Stack): Resource[] {
  return Object.values(service.template(stack).toJSON().Resources as Record<string, Resource>);
}

function apiOrigin(service: SynthesizedService): Record<string, unknown> {
  const distribution = resources(service, service.stacks.web).find(
    (r) => r.Type === 'AWS::CloudFront::Distribution',
  )!;
  const origins = (distribution.Properties.DistributionConfig as { Origins: Array<Record<string, unknown>> })
    .Origins;
  return origins.find((origin) => origin.CustomOriginConfig !== undefined)!;
}

function originHeaderValue(service: SynthesizedService): string {
  const headers = apiOrigin(service).OriginCustomHeaders as Array<{
    HeaderName: string;
    HeaderValue: unknown;
  }>;
  expect(headers.map((header) => header.HeaderName)).toEqual([ORIGIN_HEADER]);
  return JSON.stringify(headers[0]!.HeaderValue);
}

beforeAll(() => {
  dev = synthesizeService();
  prod = synthesizeService({ context: PROD_CONTEXT });
  pinned = synthesizeService({ context: { ...PROD_CONTEXT, originSecretVersion: 'v-after-rotation' } });
});

describe('origin protection', () => {
  it('generates the origin secret in Secrets Manager', () => {
    const secrets = resources(dev, dev.stacks.api).filter((r) => r.Type === 'AWS::SecretsManager::Secret');
    const origin = Object.entries(
      dev.template(dev.stacks.api).toJSON().Resources as Record<string, Resource>,
    ).filter(([id, r]) => r.Type === 'AWS::SecretsManager::Secret' && id.startsWith('OriginSecret'));

    expect(secrets.length).toBeGreaterThan(0);
    expect(origin).toHaveLength(1);
    expect(origin[0]![1].Properties.SecretString).toBeUndefined();
  });

  it('resolves no secret into any function: no template of the API holds a dynamic reference', () => {
    for (const service of [dev, prod]) {
      for (const stack of apiStacks(service)) {
        expect(JSON.stringify(service.template(stack).toJSON()), stack.stackName).not.toContain('{{resolve:');
      }
      for (const [id, entry] of apiFunctions(service)) {
        const variables = (functionProperties(service, entry).Environment as { Variables: object }).Variables;
        expect(variables, id).not.toHaveProperty('ORIGIN_SECRET');
      }
    }
  });

  it('lets only the origin authorizer read the origin secret, at run time through the extension', () => {
    for (const [id, entry] of apiFunctions(dev)) {
      const properties = functionProperties(dev, entry);
      const variables = (properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect('ORIGIN_SECRET_ARN' in variables, id).toBe(id === '$authorizer');
    }
    const authorizer = functionProperties(dev, apiFunctions(dev).get('$authorizer')!);
    expect(JSON.stringify(authorizer.Layers)).toMatch(/Paramsandsecrets|Parameters-and-Secrets/);
  });

  it('puts the origin authorizer on every route, keyed on the header and cached', () => {
    const routes = apiStacks(dev).flatMap((stack) =>
      resources(dev, stack).filter((r) => r.Type === 'AWS::ApiGatewayV2::Route'),
    );

    expect(routes).toHaveLength(allRoutes.length + 1);
    for (const route of routes) {
      expect(route.Properties.AuthorizationType, String(route.Properties.RouteKey)).toBe('CUSTOM');
      expect(JSON.stringify(route.Properties.AuthorizerId), String(route.Properties.RouteKey)).toMatch(
        /OriginAuthorizer/,
      );
    }
    dev.template(dev.stacks.api).hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'REQUEST',
      EnableSimpleResponses: true,
      IdentitySource: [`$request.header.${ORIGIN_HEADER}`],
      AuthorizerResultTtlInSeconds: ORIGIN_AUTHORIZER_CACHE.toSeconds(),
    });
  });

  it("makes CloudFront add the origin header to the API's origin only, by reference", () => {
    expect(originHeaderValue(dev)).toMatch(/\{\{resolve:secretsmanager:/);
    expect(originHeaderValue(dev)).toMatch(/Fn::ImportValue/);
  });

  it('pins the version CloudFront sends after a rotation, so CloudFormation reads it again', () => {
    expect(originHeaderValue(prod)).toMatch(/:SecretString:::\}\}/);
    expect(originHeaderValue(pinned)).toMatch(/:SecretString:::v-after-rotation\}\}/);
  });
});

describe('no side door in prod', () => {
  it('switches the execute-api endpoint off, so AWS refuses it before any code runs', () => {
    prod.template(prod.stacks.api).hasResourceProperties('AWS::ApiGatewayV2::Api', {
      DisableExecuteApiEndpoint: true,
    });
    dev.template(dev.stacks.api).hasResourceProperties('AWS::ApiGatewayV2::Api', {
      DisableExecuteApiEndpoint: false,
    });
  });

  it("gives the API the site's name as a regional custom domain with the regional certificate, mapped to the stage", () => {
    const stage = prod.template(prod.stacks.apiStage);
    stage.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: PROD_CONTEXT.siteDomain,
      DomainNameConfigurations: [
        { CertificateArn: PROD_CONTEXT.apiCertificateArn, EndpointType: 'REGIONAL' },
      ],
    });
    stage.resourceCountIs('AWS::ApiGatewayV2::ApiMapping', 1);
  });

  it("reaches the API through that domain's regional name, with the viewer's Host", () => {
    const origin = apiOrigin(prod);

    expect(JSON.stringify(origin.DomainName)).toMatch(/RegionalDomainName/);
    const distribution = resources(prod, prod.stacks.web).find(
      (r) => r.Type === 'AWS::CloudFront::Distribution',
    )!;
    const behaviors = (
      distribution.Properties.DistributionConfig as { CacheBehaviors: Array<Record<string, unknown>> }
    ).CacheBehaviors.filter(
      (behavior) => String(behavior.PathPattern).startsWith('/api/') && behavior.PathPattern !== '/api/docs',
    );
    // AWS's managed AllViewerAndCloudFrontHeaders-2022-06: every viewer header, Host included.
    for (const behavior of behaviors)
      expect(behavior.OriginRequestPolicyId, String(behavior.PathPattern)).toBe(
        '33f36d7e-f396-46d9-90e0-52428a34d9dc',
      );
  });
});
