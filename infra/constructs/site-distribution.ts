import { ORIGIN_HEADER } from '@functions/pipeline/middleware/origin-guard';
import { Duration, Fn, Validations } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
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
import { contentSecurityPolicy, HSTS_MAX_AGE_SECONDS, MARKET_DATA_ORIGIN } from '../security-headers';
import type { ServiceConfig } from '../stacks/service-config';

export interface SiteDistributionProps {
  readonly config: ServiceConfig;
  readonly siteBucket: Bucket;
  readonly logBucket: Bucket;
  readonly httpApi: IHttpApi;
  /** Its value goes to the API in the origin header, which the functions require. */
  readonly originSecret: ISecret;
  /** The web ACL (WAF stack, us-east-1), by a cross-region reference. */
  readonly webAclArn: string;
}

/**
 * SPA fallback at the edge: a path whose last segment has no file extension is a client-side route
 * and gets `/index.html`. Done here rather than with 403/404 custom error responses because those
 * apply to every behavior and would replace the API's JSON 404 envelopes with the HTML page.
 */
const SPA_REWRITE = `function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
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
  const securityHeaders = new ResponseHeadersPolicy(scope, 'SecurityHeaders', {
    comment: 'CSP, HSTS, nosniff, no framing, referrer policy',
    securityHeadersBehavior: {
      contentSecurityPolicy: {
        contentSecurityPolicy: contentSecurityPolicy(extraConnectSources(config.marketDataUrl)),
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

  const spaRewrite = new EdgeFunction(scope, 'SpaRewrite', {
    comment: 'Serve index.html for client-side routes',
    runtime: FunctionRuntime.JS_2_0,
    code: FunctionCode.fromInline(SPA_REWRITE),
  });

  // `https://abc.execute-api.region.amazonaws.com` → its host, the origin's domain name.
  const apiDomain = Fn.select(2, Fn.split('/', props.httpApi.apiEndpoint));
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
      origin: S3BucketOrigin.withOriginAccessControl(siteBucket),
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: securityHeaders,
      compress: true,
      functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
    },
    additionalBehaviors: {
      '/api/*': {
        origin: new HttpOrigin(apiDomain, {
          protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
          originSslProtocols: [OriginSslPolicy.TLS_V1_2],
          // A dynamic reference: CloudFormation resolves it, so the value is in no template.
          customHeaders: { [ORIGIN_HEADER]: props.originSecret.secretValue.unsafeUnwrap() },
        }),
        // No redirect: a redirected POST would lose its body.
        viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
        allowedMethods: AllowedMethods.ALLOW_ALL,
        cachePolicy: CachePolicy.CACHING_DISABLED,
        // API Gateway routes by its own Host name, so every viewer header but Host goes through, with
        // CloudFront's own headers (CloudFront-Viewer-Address: the client address the limits use).
        originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        responseHeadersPolicy: securityHeaders,
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

/** The CSP already allows the default market-data host; another one configured must be allowed too. */
function extraConnectSources(marketDataUrl: string): string[] {
  const origin = new URL(marketDataUrl).origin;
  return origin === MARKET_DATA_ORIGIN ? [] : [origin];
}
