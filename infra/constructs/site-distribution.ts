import { ORIGIN_HEADER } from '@functions/commons/origin-secret';
import { RATES_EXPORT_CACHE_SECONDS, TICKER_CACHE_SECONDS } from '@shared/constants';
import { Duration, Fn, SecretValue, Validations } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { PAGE_ROUTER_CODE } from '../edge/page-router';
import {
  API_DOCS_FILE,
  API_DOCS_PATH,
  contentSecurityPolicy,
  HSTS_MAX_AGE_SECONDS,
} from '../security-headers';
import type { ServiceConfig } from '../stacks/service-config';
import { uploadsOrigins } from '../uploads-bucket';

export interface SiteDistributionProps {
  readonly config: ServiceConfig;
  readonly siteBucket: Bucket;
  readonly logBucket: Bucket;
  readonly httpApi: IHttpApi;
  /**
   * The API's regional custom domain (its `regionalDomainName`), named as the site: CloudFront
   * forwards the viewer's Host to it. Absent: the execute-api endpoint, without the Host.
   */
  readonly apiCustomDomain?: string;
  /** Its value goes to the API in the origin header, which the origin authorizer requires. */
  readonly originSecret: ISecret;
  /** The web ACL (WAF stack, us-east-1), by a cross-region reference. */
  readonly webAclArn: string;
  /** Live push's WebSocket URL (the live stack's stage), which the CSP lets pages connect to. */
  readonly liveUrl?: string;
}

/** The API reference page is one file of the site (web/api-docs.html), served at API_DOCS_PATH. */
const API_DOCS_REWRITE = `function handler(event) {
  var request = event.request;
  request.uri = '${API_DOCS_FILE}';
  return request;
}`;

/**
 * The CloudFront distribution in front of everything, so the browser talks to one origin: the SPA
 * from the private bucket (origin access control) and `/api/*` to the HTTP API, with the security
 * headers on both. Its resources are created in the given scope (the web stack) under the ids they
 * always had, so moving this code changed no logical id and replaces nothing on deploy.
 */
export function siteDistribution(scope: Construct, props: SiteDistributionProps): Distribution {
  const { config, siteBucket, logBucket } = props;
  // One policy for the app and the API reference page: the site's own origin, and the uploads bucket.
  const securityHeaders = new ResponseHeadersPolicy(scope, 'SecurityHeaders', {
    comment: 'CSP, HSTS, nosniff, no framing, referrer policy',
    securityHeadersBehavior: {
      contentSecurityPolicy: {
        contentSecurityPolicy: contentSecurityPolicy(
          uploadsOrigins(scope, config.stage),
          props.liveUrl ? [props.liveUrl] : [],
        ),
        override: true,
      },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
        includeSubdomains: true,
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      referrerPolicy: {
        referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        override: true,
      },
    },
    customHeadersBehavior: {
      customHeaders: [
        { header: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()', override: true },
      ],
    },
  });

  // Pages to their prerendered HTML in the visitor's language, client routes to the app shell. Done
  // at viewer request rather than with 403/404 custom error responses because those apply to every
  // behavior and would replace the API's JSON 404 envelopes with an HTML page.
  const pageRouter = new EdgeFunction(scope, 'SpaRewrite', {
    comment:
      'Prerendered page by language (lang query, cookie, Accept-Language), app shell for client routes',
    runtime: FunctionRuntime.JS_2_0,
    code: FunctionCode.fromInline(PAGE_ROUTER_CODE),
  });

  const apiDocsRewrite = new EdgeFunction(scope, 'ApiDocsRewrite', {
    comment: 'Serve the API reference page at /api/docs',
    runtime: FunctionRuntime.JS_2_0,
    code: FunctionCode.fromInline(API_DOCS_REWRITE),
  });
  const siteOrigin = S3BucketOrigin.withOriginAccessControl(siteBucket);

  // The custom domain's regional name, or `https://abc.execute-api.region.amazonaws.com` → its host.
  const apiDomain = props.apiCustomDomain ?? Fn.select(2, Fn.split('/', props.httpApi.apiEndpoint));
  // The origin authorizer refuses requests without it. A dynamic reference: CloudFormation resolves
  // it, so the value is in no template. CloudFormation re-reads one only when its text changes, so
  // after a rotation the web stack is deployed with the new version's id (docs/operations.md).
  const originSecretValue = SecretValue.secretsManager(props.originSecret.secretArn, {
    versionId: config.originSecretVersion,
  });
  const apiOrigin = new HttpOrigin(apiDomain, {
    protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
    originSslProtocols: [OriginSslPolicy.TLS_V1_2],
    customHeaders: { [ORIGIN_HEADER]: originSecretValue.unsafeUnwrap() },
  });
  const apiBehavior = {
    origin: apiOrigin,
    // No redirect: a redirected POST would lose its body.
    viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
    // Every viewer header goes through with CloudFront's own (CloudFront-Viewer-Address: the client
    // address the limits use). The Host too when the API has the site's name as its custom domain:
    // CloudFront then connects with that name (SNI), which API Gateway routes by; the execute-api
    // endpoint routes by its own name, so there the Host stays behind.
    originRequestPolicy: props.apiCustomDomain
      ? OriginRequestPolicy.ALL_VIEWER_AND_CLOUDFRONT_2022
      : OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    responseHeadersPolicy: securityHeaders,
  };
  // The ticker is the same for every visitor: one provider call per edge location and minute,
  // whoever asks (no header, cookie or query string in the key), compressed like the site.
  const tickerCache = new CachePolicy(scope, 'TickerCache', {
    comment: 'GET /api/market/ticker: the same answer for everyone for 60 s',
    // The answer's own max-age (the same 60 s) decides; a 503 (no-store) is not kept.
    minTtl: Duration.seconds(0),
    defaultTtl: Duration.seconds(TICKER_CACHE_SECONDS),
    maxTtl: Duration.seconds(TICKER_CACHE_SECONDS),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  });
  // The monitors' export is the same for everyone who holds the token: the token is the key's only
  // part, so a request with a wrong one never gets the file from the cache.
  const ratesExportCache = new CachePolicy(scope, 'RatesExportCache', {
    comment: 'GET /api/export/rates.xml: the same file per token for 30 s',
    minTtl: Duration.seconds(0),
    defaultTtl: Duration.seconds(RATES_EXPORT_CACHE_SECONDS),
    maxTtl: Duration.seconds(RATES_EXPORT_CACHE_SECONDS),
    queryStringBehavior: CacheQueryStringBehavior.allowList('token'),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  });
  const customDomain = config.siteDomain && config.certificateArn;

  const distribution = new Distribution(scope, 'Distribution', {
    comment: `Exchange site (${config.stage})`,
    defaultRootObject: 'index.html',
    webAclId: props.webAclArn,
    httpVersion: HttpVersion.HTTP2_AND_3,
    priceClass: PriceClass.PRICE_CLASS_100,
    enableLogging: true,
    logBucket,
    logFilePrefix: 'cloudfront/',
    ...(customDomain
      ? {
          domainNames: [config.siteDomain!],
          certificate: Certificate.fromCertificateArn(scope, 'SiteCertificate', config.certificateArn!),
          minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
        }
      : {}),
    defaultBehavior: {
      origin: siteOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: securityHeaders,
      compress: true,
      functionAssociations: [{ function: pageRouter, eventType: FunctionEventType.VIEWER_REQUEST }],
    },
    // In this order: CloudFront takes the first pattern that matches, so both come before `/api/*`.
    additionalBehaviors: {
      [API_DOCS_PATH]: {
        origin: siteOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
        functionAssociations: [{ function: apiDocsRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      '/api/market/ticker': {
        ...apiBehavior,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: tickerCache,
        compress: true,
      },
      '/api/export/rates.xml': {
        ...apiBehavior,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: ratesExportCache,
        compress: true,
      },
      '/api/*': {
        ...apiBehavior,
        allowedMethods: AllowedMethods.ALLOW_ALL,
        cachePolicy: CachePolicy.CACHING_DISABLED,
      },
    },
  });
  Validations.of(distribution).acknowledge({
    id: 'AwsSolutions-CFR1',
    reason: 'The service is offered in many countries; there is no list of regions to restrict to.',
  });
  if (!customDomain) {
    Validations.of(distribution).acknowledge({
      id: 'AwsSolutions-CFR4',
      reason:
        'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose ' +
        'minimum TLS version cannot be set; setting siteDomain and certificateArn enforces TLS 1.2.',
    });
  }

  return distribution;
}
