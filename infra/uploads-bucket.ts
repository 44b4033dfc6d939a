import {
  EXPORT_FILE_EXPIRY_DAYS,
  EXPORT_KEY_PREFIX,
  PENDING_UPLOAD_EXPIRY_DAYS,
  UPLOAD_KEY_PREFIX,
  UPLOAD_TAG_KEY,
  UPLOAD_TAG_PENDING,
} from '@functions/data/uploads-definition';
import { Duration, RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import type { StageName } from './stacks/stages';

/**
 * The uploads bucket of the messages' attachments (docs/architecture.md "Messages and uploads").
 * Its name is derived from the stage, account and region, so the data stack that creates it, the
 * route stacks that grant their functions on it and the web stack whose CSP names it all compute
 * the same name without a cross-stack export.
 */
export function uploadsBucketName(scope: Construct, stage: StageName): string {
  const stack = Stack.of(scope);
  return `exchange-${stage}-uploads-${stack.account}-${stack.region}`;
}

/**
 * The ARN of the objects a pattern names in a bucket (this one's, or the site bucket's pages:
 * infra/site-bucket.ts), what the functions are granted on.
 */
export function bucketObjectsArn(scope: Construct, bucketName: string, pattern: string): string {
  return Stack.of(scope).formatArn({
    service: 's3',
    region: '',
    account: '',
    resource: bucketName,
    resourceName: pattern,
  });
}

/** Every object under a prefix: the uploads (`attachments/*`) or the messages' copies (`sent/*`). */
export function uploadObjectsArn(scope: Construct, bucketName: string, prefix: string): string {
  return bucketObjectsArn(scope, bucketName, `${prefix}*`);
}

/** A bucket's own ARN (s3:ListBucket is granted on it). */
export function bucketArn(scope: Construct, bucketName: string): string {
  return Stack.of(scope).formatArn({ service: 's3', region: '', account: '', resource: bucketName });
}

/**
 * Where the browser sends and reads files, for the site's CSP (connect-src, img-src): the
 * presigned POST is path-style on the regional endpoint (`https://s3.{region}.amazonaws.com/{bucket}`,
 * as the SDK signs it), the presigned GET virtual-hosted (`https://{bucket}.s3.{region}.amazonaws.com`).
 */
export function uploadsOrigins(scope: Construct, stage: StageName): string[] {
  const { region } = Stack.of(scope);
  const name = uploadsBucketName(scope, stage);
  return [`https://${name}.s3.${region}.amazonaws.com`, `https://s3.${region}.amazonaws.com/${name}/`];
}

/**
 * As cdk-nag prints an object ARN of the stage's uploads (or site) bucket: a pinned account or
 * region literally, an agnostic one as its pseudo parameter.
 */
export function nagPrinted(
  scope: Construct,
  stage: StageName,
  resourceName: string,
  bucket: 'uploads' | 'site' = 'uploads',
): string {
  const stack = Stack.of(scope);
  const pinned = (value: string, pseudo: string) => (Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value);
  return `arn:<AWS::Partition>:s3:::exchange-${stage}-${bucket}-${pinned(stack.account, 'AccountId')}-${pinned(stack.region, 'Region')}/${resourceName}`;
}

export interface UploadsBucketProps {
  readonly stage: StageName;
  /** The site's origin: the only one whose pages may POST files (CORS). */
  readonly siteUrl: string;
  readonly removalPolicy: RemovalPolicy;
}

/**
 * The private bucket: all public access blocked, SSE-S3, TLS only, objects owned by the bucket,
 * access logged to a log bucket of its own; CORS lets the site's pages POST (and read) files; the
 * lifecycle rule deletes every upload (`attachments/`) still tagged `upload=pending` a day after it
 * arrived (one no message carries, or one whose copy a message carries and that was not deleted),
 * never a message's copy (`sent/`); every transaction export's file (`exports/`) a day after it was
 * written; and unfinished multipart uploads.
 */
export function uploadsBucket(scope: Construct, props: UploadsBucketProps): Bucket {
  const autoDeleteObjects = props.removalPolicy === RemovalPolicy.DESTROY;
  const logBucket = new Bucket(scope, 'UploadsLogBucket', {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
    lifecycleRules: [{ expiration: Duration.days(90) }],
    removalPolicy: props.removalPolicy,
    autoDeleteObjects,
  });
  Validations.of(logBucket).acknowledge({
    id: 'AwsSolutions-S1',
    reason:
      'This is the access-log bucket of the uploads bucket; logging its own access would log into itself.',
  });
  return new Bucket(scope, 'UploadsBucket', {
    bucketName: uploadsBucketName(scope, props.stage),
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
    serverAccessLogsBucket: logBucket,
    serverAccessLogsPrefix: 's3-uploads/',
    cors: [
      {
        allowedOrigins: [props.siteUrl],
        allowedMethods: [HttpMethods.POST, HttpMethods.GET],
        allowedHeaders: ['*'],
        exposedHeaders: ['ETag'],
        maxAge: 3600,
      },
    ],
    lifecycleRules: [
      {
        id: 'DeleteUnattachedUploads',
        prefix: UPLOAD_KEY_PREFIX,
        tagFilters: { [UPLOAD_TAG_KEY]: UPLOAD_TAG_PENDING },
        expiration: Duration.days(PENDING_UPLOAD_EXPIRY_DAYS),
      },
      // The transaction exports' files: downloaded within minutes of being prepared; a new export writes a new one.
      {
        id: 'DeleteExportFiles',
        prefix: EXPORT_KEY_PREFIX,
        expiration: Duration.days(EXPORT_FILE_EXPIRY_DAYS),
      },
      { id: 'AbortIncompleteMultipartUploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
    ],
    removalPolicy: props.removalPolicy,
    autoDeleteObjects,
  });
}
