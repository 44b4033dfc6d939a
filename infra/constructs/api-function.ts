import path from 'node:path';
import { SECRET_TTL_MS } from '@functions/commons/secret-store';
import { GLOBAL_INDEXES } from '@functions/data/table-definition';
import {
  EXPORT_KEY_PREFIX,
  SENT_KEY_PREFIX,
  UPLOAD_KEY_PREFIX,
  VERIFICATION_KEY_PREFIX,
} from '@functions/data/uploads-definition';
import { CfnParameter, Duration, Lazy, RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Grant, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  Alias,
  Architecture,
  type CfnFunction,
  type CfnVersion,
  ParamsAndSecretsLayerVersion,
  ParamsAndSecretsLogLevel,
  ParamsAndSecretsVersions,
  Runtime,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IConfigurationSet, IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { LIVE_ALIAS } from '../physical-names';
import { SITE_PAGE_OBJECTS } from '../site-bucket';
import { bucketArn, bucketObjectsArn, uploadObjectsArn } from '../uploads-bucket';
import { FUNCTION_BUNDLE, FUNCTION_RUNTIME_ENV, handlerEntry, PROJECT_ROOT } from './bundling';

export type TableAccess = 'read' | 'readWrite';

const READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
/** Indexes can only be queried (or scanned, which nobody may). */
const INDEX_ACTIONS = ['dynamodb:Query'];

/**
 * DynamoDB actions per access mode. Scan is in neither: no request path may scan (docs/architecture.md §4),
 * and IAM now enforces it. Transactions need no actions of their own; IAM checks the item actions
 * they contain.
 */
export const TABLE_ACTIONS: Readonly<Record<TableAccess, readonly string[]>> = {
  read: READ_ACTIONS,
  readWrite: [
    ...READ_ACTIONS,
    'dynamodb:ConditionCheckItem',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
};

export type UploadsAccess =
  | 'upload'
  | 'attach'
  | 'read'
  | 'writeExports'
  | 'readExports'
  | 'purgeVerification';

/**
 * S3 actions per `uses.uploads` (shared/routes/definition.ts), by the object prefix they are
 * granted on: the uploads (`attachments/*`) and the messages' copies of them (`sent/*`).
 * `upload` signs presigned POSTs, which carry the pending tag, and may write no copy; `attach`
 * reads what arrived (HeadObject needs s3:GetObject), deletes a refused or copied upload, and
 * copies a checked one (CopyObject: s3:GetObject on the source, s3:PutObject on the copy and
 * s3:PutObjectTagging for the tag it replaces); `read` signs read links of both, the uploads for
 * messages sent before copies existed. The transaction exports' files (`exports/*`): the worker
 * writes them, the status route signs their download links.
 */
export const UPLOADS_OBJECT_ACTIONS: Readonly<
  Record<UploadsAccess, Readonly<Partial<Record<string, readonly string[]>>>>
> = {
  upload: { [UPLOAD_KEY_PREFIX]: ['s3:PutObject', 's3:PutObjectTagging'] },
  attach: {
    [UPLOAD_KEY_PREFIX]: ['s3:GetObject', 's3:DeleteObject'],
    [SENT_KEY_PREFIX]: ['s3:PutObject', 's3:PutObjectTagging'],
  },
  read: { [UPLOAD_KEY_PREFIX]: ['s3:GetObject'], [SENT_KEY_PREFIX]: ['s3:GetObject'] },
  writeExports: { [EXPORT_KEY_PREFIX]: ['s3:AbortMultipartUpload', 's3:PutObject'] },
  readExports: { [EXPORT_KEY_PREFIX]: ['s3:GetObject'] },
  // The retention job deletes decided verification requests' photos, and no message's file.
  purgeVerification: { [VERIFICATION_KEY_PREFIX]: ['s3:DeleteObject'] },
};

/** CDK's enums for the values of `FUNCTION_BUNDLE`. */
const CDK_FORMAT = { esm: OutputFormat.ESM } as const;
const CDK_LOG_LEVEL = { warning: LogLevel.WARNING } as const;

export interface ApiFunctionProps {
  /** Manifest handler module under `functions/`, e.g. `handlers/system/health`. */
  readonly handlerModule: string;
  /**
   * A fixed name, for a function another stack finds by name (infra/physical-names.ts); changing it
   * replaces the function. Without it, CloudFormation names it.
   */
  readonly functionName?: string;
  readonly description?: string;
  /** Public origin of the site; the API cannot read CloudFront's domain without a dependency cycle. */
  readonly siteUrl: string;
  /**
   * Whether the function reads secrets (`bindSecret`): they are read at run time through the
   * Parameters and Secrets extension, which is added for it, never put in the environment.
   */
  readonly readsSecrets?: boolean;
  /** Applies to the function's log group. */
  readonly removalPolicy: RemovalPolicy;
  readonly logRetention?: RetentionDays;
  readonly timeout?: Duration;
  readonly memorySize?: number;
  readonly logLevel?: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  /** Runs of it at once, at most (a scheduled job: one); none set, the account's shared pool. */
  readonly reservedConcurrency?: number;
}

/**
 * A manifest function with the team's defaults: Node 22 on arm64, the shared esbuild bundle
 * (ESM, minified, source maps, AWS SDK bundled), its own log group, and, when it reads secrets, the
 * Parameters and Secrets extension. Resources are attached with `bind*` helpers that set the
 * environment variable and grant the least IAM in one call.
 *
 * Every deploy that changes the function publishes a version, and callers (API routes, schedules,
 * event sources) invoke the `live` alias, never `$LATEST`: a version is what a canary shifts to and
 * what a rollback points the alias back at (docs/operations.md "Deploying"). Versions are kept.
 */
export class ApiFunction extends NodejsFunction {
  /** The alias every caller invokes. */
  readonly live: Alias;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      removalPolicy: props.removalPolicy,
    });
    // Our own role instead of AWSLambdaBasicExecutionRole, whose log rights cover every log group.
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${props.handlerModule}`,
    });
    logGroup.grantWrite(role);
    super(scope, id, {
      entry: handlerEntry(props.handlerModule),
      handler: 'handler',
      functionName: props.functionName,
      description: props.description ?? props.handlerModule,
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: path.join(PROJECT_ROOT, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      reservedConcurrentExecutions: props.reservedConcurrency,
      logGroup,
      role,
      // The Lambda service's segments only (no X-Ray SDK in the bundle): see docs/decisions.md.
      tracing: Tracing.ACTIVE,
      ...(props.readsSecrets
        ? {
            paramsAndSecrets: ParamsAndSecretsLayerVersion.fromVersion(ParamsAndSecretsVersions.V1_0_103, {
              cacheEnabled: true,
              // As long as the function keeps a read secret: the key rollover counts on both (jwt-secret.ts).
              secretsManagerTtl: Duration.millis(SECRET_TTL_MS),
              logLevel: ParamsAndSecretsLogLevel.WARN,
            }),
          }
        : {}),
      currentVersionOptions: { removalPolicy: RemovalPolicy.RETAIN },
      environment: {
        SITE_URL: props.siteUrl,
        ...FUNCTION_RUNTIME_ENV,
        LOG_LEVEL: props.logLevel ?? 'INFO',
      },
      bundling: {
        target: FUNCTION_BUNDLE.target,
        format: CDK_FORMAT[FUNCTION_BUNDLE.format],
        minify: FUNCTION_BUNDLE.minify,
        keepNames: FUNCTION_BUNDLE.keepNames,
        sourceMap: FUNCTION_BUNDLE.sourcemap,
        sourcesContent: FUNCTION_BUNDLE.sourcesContent,
        mainFields: [...FUNCTION_BUNDLE.mainFields],
        banner: FUNCTION_BUNDLE.banner,
        externalModules: [...FUNCTION_BUNDLE.external],
        bundleAwsSDK: true,
        logLevel: CDK_LOG_LEVEL[FUNCTION_BUNDLE.logLevel],
        // esbuild is a dev dependency; bundling must never fall back to Docker.
        forceDockerBundling: false,
      },
    });
    this.live = new Alias(this, 'Live', { aliasName: LIVE_ALIAS, version: this.currentVersion });
    // CDK names the version after a hash of the function's template text, where a value read from
    // SSM at deploy is only the parameter's reference: when the parameter changes (a table switch),
    // CloudFormation would update $LATEST and keep the version, and the alias would stay on the old
    // value. Naming those values in the version's description (a property whose change replaces the
    // version) makes the same deploy publish a new version, and the alias moves to it.
    const version = this.currentVersion.node.defaultChild as CfnVersion;
    version.description = Lazy.string({ produce: () => deployTimeEnvironment(this) });
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level ' +
        'permissions, so CDK grants them on *; they only write trace data.',
    });
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'The architecture pins nodejs22.x (arm64): bench figures and local parity are measured on it; ' +
        'moving to a newer runtime is a deliberate upgrade with its own measurement, not drift.',
    });
  }

  /**
   * Sets `TABLE_NAME` (the stage's table, read from SSM at deploy: constructs/stage-table.ts) and grants the actions of `access` on the table, plus Query on each index by
   * its own ARN (no `index/*` wildcard).
   */
  bindTable(table: ITable, access: TableAccess): this {
    this.addEnvironment('TABLE_NAME', table.tableName);
    Grant.addToPrincipal({
      grantee: this,
      actions: [...TABLE_ACTIONS[access]],
      resourceArns: [table.tableArn],
    });
    Grant.addToPrincipal({
      grantee: this,
      actions: INDEX_ACTIONS,
      resourceArns: GLOBAL_INDEXES.map((index) => `${table.tableArn}/index/${index.indexName}`),
    });
    return this;
  }

  /**
   * Sets `UPLOADS_BUCKET` and grants the actions of `access` on the bucket's objects, each set on
   * its own prefix. `attach` also gets s3:ListBucket on the bucket: without it S3 answers a
   * HeadObject of a file that never arrived 403 instead of 404, and the message would fail rather
   * than say "not uploaded". `nagObjects` prints a prefix's ARN as cdk-nag does.
   */
  bindUploads(bucketName: string, access: UploadsAccess, nagObjects: (prefix: string) => string): this {
    this.addEnvironment('UPLOADS_BUCKET', bucketName);
    for (const [prefix, actions = []] of Object.entries(UPLOADS_OBJECT_ACTIONS[access])) {
      Grant.addToPrincipal({
        grantee: this,
        actions: [...actions],
        resourceArns: [uploadObjectsArn(this, bucketName, prefix)],
      });
      Validations.of(this.role!).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${nagObjects(prefix)}]`,
        reason:
          'Object-level actions on one prefix of the uploads bucket: each object is a file of one ' +
          'message or one export, named by ids the function learns at run time, so no narrower ARN exists.',
      });
    }
    if (access === 'attach') {
      Grant.addToPrincipal({
        grantee: this,
        actions: ['s3:ListBucket'],
        resourceArns: [bucketArn(this, bucketName)],
      });
    }
    return this;
  }

  /**
   * Sets `SITE_BUCKET` and grants reading and writing the prerendered pages and the build's copies
   * of them, and listing the bucket (without it S3 answers a missing page 403, not 404).
   */
  bindSitePages(bucketName: string, nagObjects: (pattern: string) => string): this {
    this.addEnvironment('SITE_BUCKET', bucketName);
    Grant.addToPrincipal({
      grantee: this,
      actions: ['s3:GetObject', 's3:PutObject'],
      resourceArns: SITE_PAGE_OBJECTS.map((pattern) => bucketObjectsArn(this, bucketName, pattern)),
    });
    Grant.addToPrincipal({
      grantee: this,
      actions: ['s3:ListBucket'],
      resourceArns: [bucketArn(this, bucketName)],
    });
    Validations.of(this.role!).acknowledge(
      ...SITE_PAGE_OBJECTS.map((pattern) => ({
        id: `AwsSolutions-IAM5[Resource::${nagObjects(pattern)}]`,
        reason:
          "The site's prerendered pages (one per page and language, named by the build) and the " +
          "publisher's copies of them: the set the publisher rewrites, no narrower ARN names it.",
      })),
    );
    return this;
  }

  /**
   * Sets `arnEnv` to the secret's ARN and grants reading it; the function reads it at run time
   * through the Parameters and Secrets extension (functions/commons/secret-store.ts), so its value is
   * in no template and no function configuration.
   */
  bindSecret(arnEnv: string, secret: ISecret): this {
    this.addEnvironment(arnEnv, secret.secretArn);
    secret.grantRead(this);
    return this;
  }

  /**
   * Sets `MAIL_FROM` and `MAIL_CONFIGURATION_SET` and grants `ses:SendEmail`/`ses:SendRawEmail` on
   * that one identity and that configuration set (SES authorizes a send against both).
   */
  bindMail(identity: IEmailIdentity, mailFrom: string, configurationSet: IConfigurationSet): this {
    this.addEnvironment('MAIL_FROM', mailFrom);
    this.addEnvironment('MAIL_CONFIGURATION_SET', configurationSet.configurationSetName);
    identity.grantSendEmail(this);
    Grant.addToPrincipal({
      grantee: this,
      actions: ['ses:SendEmail', 'ses:SendRawEmail'],
      resourceArns: [
        Stack.of(this).formatArn({
          service: 'ses',
          resource: 'configuration-set',
          resourceName: configurationSet.configurationSetName,
        }),
      ],
    });
    return this;
  }
}

/** The most Lambda keeps of a version's description. */
const VERSION_DESCRIPTION_LIMIT = 256;

/**
 * `NAME=value` of each environment variable of `fn` whose value CloudFormation reads from an SSM
 * parameter at deploy, space-separated (undefined when none does): what a version must name so that a
 * new value of such a parameter publishes a new version (see the constructor).
 */
function deployTimeEnvironment(fn: ApiFunction): string | undefined {
  const stack = Stack.of(fn);
  const fromSsm = new Set(
    stack.node
      .findAll()
      .filter(
        (construct): construct is CfnParameter =>
          construct instanceof CfnParameter && construct.type.startsWith('AWS::SSM::Parameter::Value'),
      )
      .map((parameter) => JSON.stringify({ Ref: stack.resolve(parameter.logicalId) })),
  );
  const environment = stack.resolve((fn.node.defaultChild as CfnFunction).environment) as
    | { variables?: Record<string, unknown> }
    | undefined;
  const readsSsm = (value: unknown) => [...fromSsm].some((ref) => JSON.stringify(value).includes(ref));
  const entries = Object.entries(environment?.variables ?? {})
    .filter(([, value]) => readsSsm(value))
    .sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return undefined;
  // Whatever the values, the names and separators must leave room for them within the limit.
  const fixed = entries.reduce((length, [name]) => length + name.length + 2, 0);
  if (fixed > VERSION_DESCRIPTION_LIMIT / 2)
    throw new Error(`${fn.node.path}: too many SSM-fed variables for a version's description`);
  return entries.map(([name, value]) => `${name}=${Token.asString(value)}`).join(' ');
}
