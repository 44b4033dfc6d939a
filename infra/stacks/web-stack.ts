import { PAGE_CACHE_CONTROL } from '@shared/site-pages';
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps, Token, Validations } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type CfnBucket,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { siteDistribution } from '../constructs/site-distribution';
import { siteBucketName } from '../site-bucket';
import { HASHED_ASSET_CACHE_CONTROL } from '../site-delivery';
import type { ServiceConfig } from './service-config';

export interface WebStackProps extends StackProps {
  readonly config: ServiceConfig;
  readonly httpApi: IHttpApi;
  /** The API's regional custom domain name, when it has one (api-stage-stack.ts). */
  readonly apiCustomDomain?: string;
  readonly originSecret: ISecret;
  readonly webAclArn: string;
  /** Live push's WebSocket URL (live-stack.ts), for the CSP's connect-src. */
  readonly liveUrl?: string;
}

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
    const { removalPolicy } = config.settings;
    const autoDeleteObjects = removalPolicy === RemovalPolicy.DESTROY;

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
      // Derived, so the functions that publish staff's page blocks find it (infra/site-bucket.ts).
      bucketName: siteBucketName(this, config.stage),
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: logBucket,
      serverAccessLogsPrefix: 's3-site/',
      removalPolicy,
      autoDeleteObjects,
    });

    const distribution = siteDistribution(this, {
      config,
      siteBucket,
      logBucket,
      httpApi: props.httpApi,
      apiCustomDomain: props.apiCustomDomain,
      originSecret: props.originSecret,
      webAclArn: props.webAclArn,
      liveUrl: props.liveUrl,
    });

    if (config.webAssetsPath) {
      this.deploySite(config.webAssetsPath, siteBucket, distribution);
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
  private deploySite(assetsPath: string, bucket: Bucket, distribution: Distribution): void {
    const source = Source.asset(assetsPath);
    const hashedAssets = new BucketDeployment(this, 'DeployHashedAssets', {
      sources: [source],
      destinationBucket: bucket,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.fromString(HASHED_ASSET_CACHE_CONTROL)],
      memoryLimit: 512,
    });
    const pages = new BucketDeployment(this, 'DeployPages', {
      sources: [source],
      destinationBucket: bucket,
      // The publisher's copies of the build's pages are its own (functions/data/site-pages.ts).
      exclude: ['assets/*', '_templates/*'],
      prune: true,
      cacheControl: [CacheControl.fromString(PAGE_CACHE_CONTROL)],
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
    // As cdk-nag prints it: a pinned account or region literally, an agnostic one as its pseudo parameter.
    const pinned = (value: string, pseudo: string) =>
      Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value;
    const assetsBucket = `arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-${pinned(this.account, 'AccountId')}-${pinned(this.region, 'Region')}/*`;
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
