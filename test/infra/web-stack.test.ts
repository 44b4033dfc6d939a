import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import type { ViewerRequest } from '@infra/edge/page-router';
import { SITE_CONTENT_TYPES } from '@infra/local/static-site';
import { API_DOCS_FILE, API_DOCS_PATH } from '@infra/security-headers';
import { COMPRESSIBLE_CONTENT_TYPES, HASHED_ASSET_CACHE_CONTROL } from '@infra/site-delivery';
import { PAGE_CACHE_CONTROL, PAGE_SCRIPTS_LOADER } from '@shared/site-pages';
import type { Template } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SynthesizedService, synthesizeService } from './synth';

/**
 * The types CloudFront compresses, from its guide ("Serve compressed files", file types that
 * CloudFront compresses), the ones that concern a web site.
 */
const CLOUDFRONT_COMPRESSED_TYPES = [
  'application/javascript',
  'application/json',
  'application/x-javascript',
  'application/xml',
  'font/otf',
  'font/ttf',
  'image/svg+xml',
  'text/css',
  'text/csv',
  'text/html',
  'text/javascript',
  'text/plain',
  'text/xml',
];

interface Behavior {
  TargetOriginId: string;
  Compress?: boolean;
  PathPattern?: string;
  ViewerProtocolPolicy: string;
  AllowedMethods?: string[];
  CachePolicyId: string | { Ref: string };
  OriginRequestPolicyId?: string;
  ResponseHeadersPolicyId: { Ref: string };
  FunctionAssociations?: Array<{ EventType: string; FunctionARN: { 'Fn::GetAtt': [string, string] } }>;
}

interface Origin {
  Id: string;
  DomainName: unknown;
  S3OriginConfig?: unknown;
  OriginAccessControlId?: unknown;
  CustomOriginConfig?: { OriginProtocolPolicy: string; OriginSSLProtocols: string[] };
}

interface DistributionConfig {
  DefaultCacheBehavior: Behavior;
  CacheBehaviors: Behavior[];
  Origins: Origin[];
  CustomErrorResponses?: unknown;
  Logging?: unknown;
}

let webAssets: string;
let built: SynthesizedService;
let unbuilt: SynthesizedService;
let web: Template;
let config: DistributionConfig;

function resourcesOf(template: Template, type: string): Array<{ Properties: Record<string, unknown> }> {
  return Object.values(template.findResources(type)) as Array<{ Properties: Record<string, unknown> }>;
}

function originOf(behavior: Behavior): Origin {
  return config.Origins.find((origin) => origin.Id === behavior.TargetOriginId)!;
}

function apiBehavior(): Behavior {
  return config.CacheBehaviors.find((behavior) => behavior.PathPattern === '/api/*')!;
}

function apiDocsBehavior(): Behavior {
  return config.CacheBehaviors.find((behavior) => behavior.PathPattern === API_DOCS_PATH)!;
}

/** The security headers of the policy a behavior uses (the site's by default). */
function headersPolicy(template: Template = web, behavior?: Behavior): Record<string, unknown> {
  const policies = template.findResources('AWS::CloudFront::ResponseHeadersPolicy');
  const id = behavior
    ? behavior.ResponseHeadersPolicyId.Ref
    : Object.keys(policies).find((key) => key.startsWith('SecurityHeaders'))!;
  return (
    policies[id]!.Properties.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, unknown> }
  ).SecurityHeadersConfig;
}

/** Runs a behavior's CloudFront Function (the site's by default) as CloudFront would, on a viewer request. */
function rewrite(
  uri: string,
  request: Omit<ViewerRequest, 'uri'> = {},
  behavior: Behavior = config.DefaultCacheBehavior,
): string {
  const functionId = behavior.FunctionAssociations![0]!.FunctionARN['Fn::GetAtt'][0];
  const fn = web.toJSON().Resources[functionId] as { Properties: Record<string, unknown> };
  const handler = vm.runInNewContext(`${fn!.Properties.FunctionCode as string}; handler`) as (event: {
    request: ViewerRequest;
  }) => { uri: string };
  return handler({ request: { uri, ...request } }).uri;
}

beforeAll(() => {
  webAssets = mkdtempSync(path.join(tmpdir(), 'exchange-web-dist-'));
  mkdirSync(path.join(webAssets, 'assets'));
  writeFileSync(path.join(webAssets, 'index.html'), '<!doctype html><title>test</title>');
  writeFileSync(path.join(webAssets, 'assets', 'index-abc123.js'), 'console.log(1);');
  built = synthesizeService({ webAssetsPath: webAssets });
  unbuilt = synthesizeService();
  web = built.template(built.stacks.web);
  const [distribution] = resourcesOf(web, 'AWS::CloudFront::Distribution');
  config = distribution!.Properties.DistributionConfig as DistributionConfig;
});

afterAll(() => {
  if (webAssets) rmSync(webAssets, { recursive: true, force: true });
});

describe('web stack', () => {
  it('serves the site from the S3 bucket through origin access control', () => {
    const origin = originOf(config.DefaultCacheBehavior);

    expect(origin.S3OriginConfig).toBeDefined();
    expect(origin.OriginAccessControlId).toBeDefined();
    web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
  });

  it('keeps the site bucket private, encrypted and reachable over TLS only', () => {
    const siteBucketId = built.stacks.web.getLogicalId(
      built.stacks.web.siteBucket.node.defaultChild as never,
    );
    const bucket = web.toJSON().Resources[siteBucketId].Properties;
    const policies = JSON.stringify(resourcesOf(web, 'AWS::S3::BucketPolicy'));

    expect(bucket.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.BucketEncryption).toBeDefined();
    expect(policies).toContain('"aws:SecureTransport":"false"');
  });

  it('redirects plain HTTP to HTTPS for the site', () => {
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
  });

  it('forwards /api/* to the HTTP API endpoint of the API stack', () => {
    const origin = originOf(apiBehavior());

    expect(JSON.stringify(origin.DomainName)).toMatch(/"Fn::Select":\[2,\{"Fn::Split":\["\/",.*ApiEndpoint/);
    expect(origin.CustomOriginConfig?.OriginProtocolPolicy).toBe('https-only');
    expect(origin.CustomOriginConfig?.OriginSSLProtocols).toEqual(['TLSv1.2']);
  });

  it('never caches API answers', () => {
    expect(apiBehavior().CachePolicyId).toBe(CachePolicy.CACHING_DISABLED.cachePolicyId);
  });

  it('caches the ticker for 60 s, the same answer for everyone', () => {
    const ticker = config.CacheBehaviors.find((behavior) => behavior.PathPattern === '/api/market/ticker')!;
    const [policy] = resourcesOf(web, 'AWS::CloudFront::CachePolicy');
    const policyConfig = policy!.Properties.CachePolicyConfig as {
      MinTTL: number;
      DefaultTTL: number;
      MaxTTL: number;
      ParametersInCacheKeyAndForwardedToOrigin: Record<string, unknown>;
    };

    // CloudFront takes the first pattern that matches: the two cached API paths must come before
    // /api/*, and no other API path is cached (the API reference page is a file of the site).
    expect(config.CacheBehaviors.map((behavior) => behavior.PathPattern)).toEqual([
      API_DOCS_PATH,
      '/api/market/ticker',
      '/api/export/rates.xml',
      '/api/*',
    ]);
    expect(ticker.CachePolicyId).toEqual({
      Ref: Object.keys(web.findResources('AWS::CloudFront::CachePolicy'))[0],
    });
    expect(ticker.TargetOriginId).toBe(apiBehavior().TargetOriginId);
    expect(ticker.AllowedMethods).toEqual(['GET', 'HEAD']);
    expect(ticker.Compress).toBe(true);
    expect([policyConfig.MinTTL, policyConfig.DefaultTTL, policyConfig.MaxTTL]).toEqual([0, 60, 60]);
    expect(policyConfig.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
      EnableAcceptEncodingGzip: true,
      EnableAcceptEncodingBrotli: true,
      HeadersConfig: { HeaderBehavior: 'none' },
      CookiesConfig: { CookieBehavior: 'none' },
      QueryStringsConfig: { QueryStringBehavior: 'none' },
    });
  });

  it("caches the monitors' export for 30 s per token, so a wrong token never gets the file", () => {
    const file = config.CacheBehaviors.find((behavior) => behavior.PathPattern === '/api/export/rates.xml')!;
    const policies = web.findResources('AWS::CloudFront::CachePolicy');
    const [id, policy] = Object.entries(policies).find(
      ([, resource]) => (resource.Properties.CachePolicyConfig as { DefaultTTL: number }).DefaultTTL === 30,
    )!;
    const policyConfig = policy.Properties.CachePolicyConfig as {
      MinTTL: number;
      DefaultTTL: number;
      MaxTTL: number;
      ParametersInCacheKeyAndForwardedToOrigin: Record<string, unknown>;
    };

    expect(file.CachePolicyId).toEqual({ Ref: id });
    expect(file.TargetOriginId).toBe(apiBehavior().TargetOriginId);
    expect(file.AllowedMethods).toEqual(['GET', 'HEAD']);
    expect([policyConfig.MinTTL, policyConfig.DefaultTTL, policyConfig.MaxTTL]).toEqual([0, 30, 30]);
    expect(policyConfig.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
      HeadersConfig: { HeaderBehavior: 'none' },
      CookiesConfig: { CookieBehavior: 'none' },
      QueryStringsConfig: { QueryStringBehavior: 'whitelist', QueryStrings: ['token'] },
    });
  });

  it('forwards every viewer header except Host to the API, with every method', () => {
    const behavior = apiBehavior();

    expect(behavior.OriginRequestPolicyId).toBe(
      OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
    );
    expect([...(behavior.AllowedMethods ?? [])].sort()).toEqual(
      ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'].sort(),
    );
  });

  it('rewrites client-rendered routes to the app shell at viewer request', () => {
    const [association] = config.DefaultCacheBehavior.FunctionAssociations ?? [];

    expect(association?.EventType).toBe('viewer-request');
    expect(rewrite('/admin/applications/42')).toBe('/index.html');
    expect(rewrite('/profile')).toBe('/index.html');
  });

  it('rewrites public pages to their prerendered HTML in the language of the cookie', () => {
    const cookies = { language: { value: 'en' } };
    const headers = { 'accept-language': { value: 'ru-RU,ru;q=0.9' } };

    expect(rewrite('/', { cookies, headers })).toBe('/en/index.html');
    expect(rewrite('/login', { cookies, headers })).toBe('/en/login.html');
    expect(rewrite('/no/such/page', { cookies })).toBe('/en/404.html');
    expect(rewrite('/privacy-policy', { headers })).toBe('/ru/privacy-policy.html');
  });

  it('leaves requests for files untouched', () => {
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(rewrite('/avatars/fox.png')).toBe('/avatars/fox.png');
  });

  it('compresses the site with brotli and gzip', () => {
    expect(config.DefaultCacheBehavior.Compress).toBe(true);
    // The managed CachingOptimized policy keys the cache on both encodings, which turns them on.
    expect(config.DefaultCacheBehavior.CachePolicyId).toBe(CachePolicy.CACHING_OPTIMIZED.cachePolicyId);
  });

  it('compresses every text type the site ships, as the local server does', () => {
    const textTypes = Object.values(SITE_CONTENT_TYPES)
      .map((type) => type.split(';')[0]!)
      .filter((type) => type.startsWith('text/') || type.endsWith('json') || type.endsWith('xml'));

    expect(textTypes.length).toBeGreaterThan(4);
    for (const type of [...textTypes, ...COMPRESSIBLE_CONTENT_TYPES]) {
      expect(CLOUDFRONT_COMPRESSED_TYPES).toContain(type);
    }
    expect(COMPRESSIBLE_CONTENT_TYPES).toEqual(expect.arrayContaining(textTypes));
  });

  it('uploads hashed assets immutable and the pages revalidated, as the local server sends them', () => {
    const cacheControls = resourcesOf(web, 'Custom::CDKBucketDeployment').map(
      (deployment) => deployment.Properties.SystemMetadata,
    );

    expect(cacheControls).toEqual(
      expect.arrayContaining([
        { 'cache-control': HASHED_ASSET_CACHE_CONTROL },
        { 'cache-control': PAGE_CACHE_CONTROL },
      ]),
    );
  });

  it('has no custom error responses, so API 403/404 envelopes reach the browser unchanged', () => {
    expect(config.CustomErrorResponses).toBeUndefined();
  });

  it("sends a strict Content-Security-Policy whose only inline script is the prerendered pages' loader", () => {
    const loaderHash = createHash('sha256').update(PAGE_SCRIPTS_LOADER, 'utf8').digest('base64');

    // The uploads bucket's name holds the (agnostic) account: the policy is joined at deploy.
    const { ContentSecurityPolicy: policy, Override } = headersPolicy().ContentSecurityPolicy as {
      ContentSecurityPolicy: { 'Fn::Join': [string, unknown[]] };
      Override: boolean;
    };
    const [separator, parts] = policy['Fn::Join'];
    const joined = parts
      .map((part) =>
        typeof part === 'string'
          ? part
          : 'Ref' in (part as object)
            ? `<${(part as { Ref: string }).Ref}>`
            : // Live push's WebSocket API id, from the live stack (docs/architecture.md §15).
              '<live api>',
      )
      .join(separator);
    const bucket = 'exchange-dev-uploads-<AWS::AccountId>-eu-central-1';
    const uploads = `https://${bucket}.s3.eu-central-1.amazonaws.com https://s3.eu-central-1.amazonaws.com/${bucket}/`;

    expect(Override).toBe(true);
    expect(joined).toBe(
      `default-src 'self'; script-src 'self' 'sha256-${loaderHash}'; style-src 'self' 'unsafe-inline'; img-src 'self' data: ${uploads}; ` +
        `connect-src 'self' ${uploads} wss://<live api>.execute-api.eu-central-1.<AWS::URLSuffix>/live; ` +
        "font-src 'self'; object-src 'none'; base-uri 'self'; " +
        "frame-ancestors 'none'; form-action 'self'",
    );
  });

  it('sends HSTS for at least a year, subdomains included', () => {
    const hsts = headersPolicy().StrictTransportSecurity as Record<string, unknown>;

    expect(hsts.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31_536_000);
    expect(hsts.IncludeSubdomains).toBe(true);
  });

  it('forbids MIME sniffing and framing and limits the referrer', () => {
    expect(headersPolicy()).toMatchObject({
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
    });
  });

  it('serves the API reference page from the site bucket at /api/docs, matched before /api/*', () => {
    const patterns = config.CacheBehaviors.map((behavior) => behavior.PathPattern);
    expect(patterns.indexOf(API_DOCS_PATH)).toBeGreaterThanOrEqual(0);
    expect(patterns.indexOf(API_DOCS_PATH)).toBeLessThan(patterns.indexOf('/api/*'));
    expect(apiDocsBehavior().TargetOriginId).toBe(config.DefaultCacheBehavior.TargetOriginId);
    expect(rewrite(API_DOCS_PATH, {}, apiDocsBehavior())).toBe(API_DOCS_FILE);
  });

  it('applies the security headers to the site, the API reference page and the API', () => {
    const policyId = Object.keys(web.findResources('AWS::CloudFront::ResponseHeadersPolicy')).find((key) =>
      key.startsWith('SecurityHeaders'),
    );

    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    expect(apiBehavior().ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    expect(apiDocsBehavior().ResponseHeadersPolicyId).toEqual({ Ref: policyId });
  });

  it('logs viewer requests to the log bucket', () => {
    expect(config.Logging).toBeDefined();
  });

  it('uploads the built web app and invalidates the cache when web/dist exists', () => {
    const deployments = resourcesOf(web, 'Custom::CDKBucketDeployment');

    expect(deployments).toHaveLength(2);
    expect(deployments.some((deployment) => deployment.Properties.DistributionPaths !== undefined)).toBe(
      true,
    );
  });

  it('skips the upload when the web app has not been built', () => {
    unbuilt.template(unbuilt.stacks.web).resourceCountIs('Custom::CDKBucketDeployment', 0);
  });
});
