import { CfnOutput, Duration, Fn, Stack, type StackProps, Validations } from 'aws-cdk-lib';
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
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type CfnBucket,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { contentSecurityPolicy, HSTS_MAX_AGE_SECONDS, MARKET_DATA_ORIGIN } from '../security-headers';
import { isProduction, removalPolicyFor, type ServiceConfig } from './service-config';

export interface WebStackProps extends StackProps {
  readonly config: ServiceConfig;
  readonly httpApi: IHttpApi;
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
 * CloudFront in front of everything, so the browser talks to one origin: the SPA from a private
 * bucket (origin access control) and `/api/*` to the HTTP API, with security headers on both.
 */
export class WebStack extends Stack {
  readonly distribution: Distribution;
  readonly siteBucket: Bucket;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config } = props;
    const removalPolicy = removalPolicyFor(config);
    const autoDeleteObjects = !isProduction(config);

    const logBucket = new Bucket(this, 'LogBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logs are delivered with an ACL, which needs object-writer ownership.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy,
      autoDeleteObjects,
    });
    Validations.of(logBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket; logging its own access would log into itself.',
    });

    const siteBucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: logBucket,
      serverAccessLogsPrefix: 's3-site/',
      removalPolicy,
      autoDeleteObjects,
    });

    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
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

    const spaRewrite = new EdgeFunction(this, 'SpaRewrite', {
      comment: 'Serve index.html for client-side routes',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(SPA_REWRITE),
    });

    // `https://abc.execute-api.region.amazonaws.com` → its host, the origin's domain name.
    const apiDomain = Fn.select(2, Fn.split('/', props.httpApi.apiEndpoint));
    const customDomain = config.siteDomain && config.certificateArn;

    const distribution = new Distribution(this, 'Distribution', {
      comment: `Exchange site (${config.stage})`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket,
      logFilePrefix: 'cloudfront/',
      ...(customDomain
        ? {
            domainNames: [config.siteDomain!],
            certificate: Certificate.fromCertificateArn(this, 'SiteCertificate', config.certificateArn!),
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
    Validations.of(distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason: 'The service is offered in many countries; there is no list of regions to restrict to.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'No WAF for now: the API has stage throttling and per-identifier/IP login throttling in the app; ' +
          'a web ACL (about $5+/month plus per-request fees) can be attached later without code changes.',
      },
    );
    if (!customDomain) {
      Validations.of(distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose ' +
          'minimum TLS version cannot be set; setting siteDomain and certificateArn enforces TLS 1.2.',
      });
    }

    if (config.webAssetsPath) {
      this.deploySite(config.webAssetsPath, config.marketDataUrl, siteBucket, distribution);
    }
    // Otherwise the web app has not been built yet (`npm run build:web` writes web/dist): synth still
    // works, and a later deploy after the build uploads the site.

    this.siteBucket = siteBucket;
    this.distribution = distribution;
    new CfnOutput(this, 'SiteUrl', {
      description: 'CloudFront address of the site (use it as siteUrl when there is no custom domain)',
      value: `https://${distribution.distributionDomainName}`,
    });
  }

  /**
   * Hashed build assets first, cached for a year and never pruned (a browser holding the previous
   * index.html may still ask for them); then the rest, revalidated on every request, then an
   * invalidation so the new index.html is served at once.
   */
  private deploySite(
    assetsPath: string,
    marketDataUrl: string,
    bucket: Bucket,
    distribution: Distribution,
  ): void {
    const source = Source.asset(assetsPath);
    // The web app reads its run-time settings from /config.json, as the local stack serves it.
    const runtimeConfig = Source.jsonData('config.json', { marketDataUrl });
    const hashedAssets = new BucketDeployment(this, 'DeployHashedAssets', {
      sources: [source],
      destinationBucket: bucket,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      memoryLimit: 512,
    });
    const pages = new BucketDeployment(this, 'DeployPages', {
      sources: [source, runtimeConfig],
      destinationBucket: bucket,
      exclude: ['assets/*'],
      prune: true,
      cacheControl: [CacheControl.noCache()],
      distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    pages.node.addDependency(hashedAssets);
    this.acknowledgeDeploymentHandler(bucket);
  }

  /** The deployment's handler is one function per stack, written by CDK; these are its findings. */
  private acknowledgeDeploymentHandler(bucket: Bucket): void {
    const handlers = this.node.children.filter((child) =>
      child.node.id.startsWith('Custom::CDKBucketDeployment'),
    );
    const bucketLogicalId = this.getLogicalId(bucket.node.defaultChild as CfnBucket);
    const assetsBucket = 'arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*';
    const copyReason =
      'CDK BucketDeployment handler: copies the build from the CDK assets bucket into the site bucket and ' +
      'deletes stale files, so it needs object-level wildcards on exactly those two buckets.';
    for (const handler of handlers) {
      Validations.of(handler).acknowledge(
        ...['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map((action) => ({
          id: `AwsSolutions-IAM5[Action::${action}]`,
          reason: copyReason,
        })),
        { id: `AwsSolutions-IAM5[Resource::<${bucketLogicalId}.Arn>/*]`, reason: copyReason },
        { id: `AwsSolutions-IAM5[Resource::${assetsBucket}]`, reason: copyReason },
        {
          id: 'AwsSolutions-IAM5[Resource::*]',
          reason: 'CDK grants cloudfront:CreateInvalidation/GetInvalidation on * to invalidate after upload.',
        },
        {
          id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          reason:
            'CDK-managed deployment handler; its role is created by CDK with the basic execution policy.',
        },
        {
          id: 'AwsSolutions-L1',
          reason: 'CDK-managed deployment handler; CDK chooses and updates its runtime.',
        },
      );
    }
  }
}

/** The CSP already allows the default market-data host; another one configured must be allowed too. */
function extraConnectSources(marketDataUrl: string): string[] {
  const origin = new URL(marketDataUrl).origin;
  return origin === MARKET_DATA_ORIGIN ? [] : [origin];
}
