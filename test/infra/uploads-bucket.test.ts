import {
  EXPORT_FILE_EXPIRY_DAYS,
  EXPORT_KEY_PREFIX,
  PENDING_UPLOAD_EXPIRY_DAYS,
  SENT_KEY_PREFIX,
  UPLOAD_KEY_PREFIX,
  UPLOAD_TAG_KEY,
  UPLOAD_TAG_PENDING,
  VERIFICATION_KEY_PREFIX,
} from '@functions/data/uploads-definition';
import { allRoutes } from '@functions/routes/manifest';
import { UPLOADS_OBJECT_ACTIONS } from '@infra/constructs/api-function';
import type { Stack } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import type { CfnRole } from 'aws-cdk-lib/aws-iam';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiFunctionEntry,
  apiFunctions,
  functionProperties,
  PROD_CONTEXT,
  type SynthesizedService,
  synthesizeService,
} from './synth';

interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
}

let dev: SynthesizedService;
let prod: SynthesizedService;
let data: Template;
let functions: Map<string, ApiFunctionEntry>;

/** A template value with its intrinsic functions written out: `Fn::Join` joined, a `Ref` as `<name>`. */
function flatten(value: unknown): string {
  if (typeof value === 'string') return value;
  const object = value as Record<string, unknown>;
  if ('Fn::Join' in object) {
    const [separator, parts] = object['Fn::Join'] as [string, unknown[]];
    return parts.map(flatten).join(separator);
  }
  if ('Ref' in object) return `<${String(object.Ref)}>`;
  return JSON.stringify(value);
}

function bucketProperties(template: Template, id: string): Record<string, unknown> {
  const buckets = template.findResources('AWS::S3::Bucket');
  const match = Object.entries(buckets).find(([logicalId]) => logicalId.startsWith(id));
  return (match![1] as { Properties: Record<string, unknown> }).Properties;
}

function statementsOf(entry: ApiFunctionEntry): Statement[] {
  const roleId = entry.stack.getLogicalId(entry.fn.role!.node.defaultChild as CfnRole);
  const policies = dev.template(entry.stack as Stack).findResources('AWS::IAM::Policy');
  return Object.values(policies)
    .map(
      (policy) =>
        (
          policy as {
            Properties: { Roles: Array<{ Ref: string }>; PolicyDocument: { Statement: Statement[] } };
          }
        ).Properties,
    )
    .filter((properties) => properties.Roles.some((role) => role.Ref === roleId))
    .flatMap((properties) => properties.PolicyDocument.Statement);
}

const actionsOf = (statement: Statement) =>
  typeof statement.Action === 'string' ? [statement.Action] : statement.Action;

/**
 * A function's S3 actions by the object prefix they are granted on (`attachments/`, `sent/`), and
 * under '' those on the bucket itself; each list sorted.
 */
function s3ActionsByPrefix(statements: Statement[]): Map<string, string[]> {
  const byPrefix = new Map<string, string[]>();
  for (const statement of statements) {
    const resource = flatten(statement.Resource);
    const prefix = /\/((?:[^/*]+\/)+)\*$/.exec(resource)?.[1] ?? '';
    byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), ...actionsOf(statement)].sort());
  }
  return byPrefix;
}

beforeAll(() => {
  dev = synthesizeService();
  prod = synthesizeService({ context: PROD_CONTEXT });
  data = dev.template(dev.stacks.data);
  functions = apiFunctions(dev);
});

describe('uploads bucket', () => {
  it('is private: every public access blocked, objects owned by the bucket', () => {
    const bucket = bucketProperties(data, 'UploadsBucket');

    expect(bucket.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.OwnershipControls).toEqual({ Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] });
  });

  it('encrypts with S3-managed keys and logs its access', () => {
    const bucket = bucketProperties(data, 'UploadsBucket');

    expect(bucket.BucketEncryption).toEqual({
      ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
    });
    expect(bucket.LoggingConfiguration).toMatchObject({ LogFilePrefix: 's3-uploads/' });
  });

  it('refuses every request without TLS', () => {
    data.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: Match.stringLikeRegexp('^UploadsBucket') },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  it('deletes an upload still tagged pending a day after it arrived, and only those', () => {
    const rules = (bucketProperties(data, 'UploadsBucket').LifecycleConfiguration as { Rules: unknown[] })
      .Rules;

    expect(rules).toContainEqual({
      Id: 'DeleteUnattachedUploads',
      Prefix: UPLOAD_KEY_PREFIX,
      TagFilters: [{ Key: UPLOAD_TAG_KEY, Value: UPLOAD_TAG_PENDING }],
      ExpirationInDays: PENDING_UPLOAD_EXPIRY_DAYS,
      Status: 'Enabled',
    });
    expect(PENDING_UPLOAD_EXPIRY_DAYS).toBe(1);
    // No other rule expires objects but the exports' (below): an attached file is kept.
    expect(
      rules
        .filter((rule) => 'ExpirationInDays' in (rule as object))
        .map((rule) => (rule as { Id: string }).Id),
    ).toEqual(['DeleteUnattachedUploads', 'DeleteExportFiles']);
  });

  it("deletes every transaction export's file a day after it was written, and nothing outside exports/", () => {
    const rules = (bucketProperties(data, 'UploadsBucket').LifecycleConfiguration as { Rules: unknown[] })
      .Rules;

    expect(rules).toContainEqual({
      Id: 'DeleteExportFiles',
      Prefix: EXPORT_KEY_PREFIX,
      ExpirationInDays: EXPORT_FILE_EXPIRY_DAYS,
      Status: 'Enabled',
    });
    expect(EXPORT_FILE_EXPIRY_DAYS).toBe(1);
  });

  it('gives the export worker exports/* to write, and the export status route exports/* to read, nothing else', () => {
    const worker = { stack: dev.stacks.exports, fn: dev.stacks.exports.worker };
    const workerS3 = statementsOf(worker).filter((statement) =>
      actionsOf(statement).some((action) => action.startsWith('s3:')),
    );
    expect(Object.fromEntries(s3ActionsByPrefix(workerS3))).toEqual({
      [EXPORT_KEY_PREFIX]: ['s3:AbortMultipartUpload', 's3:PutObject'],
    });
    const status = functions.get('adminGetExport')!;
    const statusS3 = statementsOf(status).filter((statement) =>
      actionsOf(statement).some((action) => action.startsWith('s3:')),
    );
    expect(Object.fromEntries(s3ActionsByPrefix(statusS3))).toEqual({
      [EXPORT_KEY_PREFIX]: ['s3:GetObject'],
    });
  });

  it('lets the export route invoke the export worker’s live alias, and names it', () => {
    const create = functions.get('adminCreateExport')!;
    const environment = (
      functionProperties(dev, create).Environment as { Variables: Record<string, unknown> }
    ).Variables;
    expect(environment.EXPORT_WORKER_FUNCTION).toBe('exchange-dev-prepareExport:live');
    const invoke = statementsOf(create).filter((statement) =>
      actionsOf(statement).includes('lambda:InvokeFunction'),
    );
    expect(invoke.map((statement) => flatten(statement.Resource))).toEqual([
      expect.stringMatching(/:lambda:.+:function:exchange-dev-prepareExport:live$/),
    ]);
  });

  it("lets only the site's origin POST files from the browser", () => {
    const prodBucket = bucketProperties(prod.template(prod.stacks.data), 'UploadsBucket');

    expect(prodBucket.CorsConfiguration).toEqual({
      CorsRules: [
        expect.objectContaining({
          AllowedOrigins: [PROD_CONTEXT.siteUrl],
          AllowedMethods: expect.arrayContaining(['POST']),
        }),
      ],
    });
  });

  it('is named from the stage, account and region, so the other stacks name it without an export', () => {
    const name = bucketProperties(prod.template(prod.stacks.data), 'UploadsBucket').BucketName;

    expect(flatten(name)).toBe(`exchange-prod-uploads-${PROD_CONTEXT.account}-eu-central-1`);
  });

  it('gives each function that uses it the bucket name and exactly its actions, on attachments/*, sent/* and exports/* only', () => {
    const users = allRoutes.filter(([, route]) => route.uses.uploads !== undefined);
    expect(users.map(([id]) => id).sort()).toEqual(
      [
        'adminCreateAttachment',
        'adminListMessages',
        'adminPostMessage',
        'createMyAttachment',
        'listMyMessages',
        'postMyMessage',
        'adminGetExport',
        'announceVerificationPhoto',
        'submitVerification',
        'adminGetVerification',
        'adminDecideVerification',
      ].sort(),
    );
    for (const [routeId, route] of users) {
      const entry = functions.get(routeId)!;
      const environment = (
        functionProperties(dev, entry).Environment as { Variables: Record<string, unknown> }
      ).Variables;
      expect(flatten(environment.UPLOADS_BUCKET), routeId).toMatch(/^exchange-dev-uploads-/);

      const s3 = statementsOf(entry).filter((statement) =>
        actionsOf(statement).some((action) => action.startsWith('s3:')),
      );
      const granted = s3ActionsByPrefix(s3);
      for (const prefix of [UPLOAD_KEY_PREFIX, SENT_KEY_PREFIX, EXPORT_KEY_PREFIX]) {
        expect(granted.get(prefix) ?? [], `${routeId} on ${prefix}*`).toEqual(
          [...(UPLOADS_OBJECT_ACTIONS[route.uses.uploads!][prefix] ?? [])].sort(),
        );
      }
      expect(granted.get('') ?? [], routeId).toEqual(
        route.uses.uploads === 'attach' ? ['s3:ListBucket'] : [],
      );
      const elsewhere = [...granted.keys()].filter(
        (prefix) => ![UPLOAD_KEY_PREFIX, SENT_KEY_PREFIX, EXPORT_KEY_PREFIX, ''].includes(prefix),
      );
      expect(elsewhere, routeId).toEqual([]);
    }
  });

  it('grants CopyObject’s rights to the sending functions only: no signer of upload POSTs may write a message’s copy', () => {
    const expected = {
      upload: { [UPLOAD_KEY_PREFIX]: ['s3:PutObject', 's3:PutObjectTagging'] },
      attach: {
        [UPLOAD_KEY_PREFIX]: ['s3:DeleteObject', 's3:GetObject'],
        [SENT_KEY_PREFIX]: ['s3:PutObject', 's3:PutObjectTagging'],
        '': ['s3:ListBucket'],
      },
      read: { [UPLOAD_KEY_PREFIX]: ['s3:GetObject'], [SENT_KEY_PREFIX]: ['s3:GetObject'] },
      writeExports: { [EXPORT_KEY_PREFIX]: ['s3:AbortMultipartUpload', 's3:PutObject'] },
      readExports: { [EXPORT_KEY_PREFIX]: ['s3:GetObject'] },
      purgeVerification: { [VERIFICATION_KEY_PREFIX]: ['s3:DeleteObject'] },
    };
    for (const [routeId, route] of allRoutes.filter(([, route]) => route.uses.uploads !== undefined)) {
      const s3 = statementsOf(functions.get(routeId)!).filter((statement) =>
        actionsOf(statement).some((action) => action.startsWith('s3:')),
      );

      expect(Object.fromEntries(s3ActionsByPrefix(s3)), routeId).toEqual(expected[route.uses.uploads!]);
    }
  });

  it('lets the retention job delete verification photos only, and no message’s file', () => {
    const job = { stack: dev.stacks.jobs!, fn: dev.stacks.jobs!.functions.get('purgeVerificationPhotos')! };
    const s3 = statementsOf(job).filter((statement) =>
      actionsOf(statement).some((action) => action.startsWith('s3:')),
    );

    expect(Object.fromEntries(s3ActionsByPrefix(s3))).toEqual({
      [VERIFICATION_KEY_PREFIX]: ['s3:DeleteObject'],
    });
  });

  it('gives no other function the bucket or any S3 action', () => {
    for (const [id, entry] of functions) {
      const route = allRoutes.find(([routeId]) => routeId === id)?.[1];
      if (route?.uses.uploads) continue;
      const environment = (
        functionProperties(dev, entry).Environment as { Variables: Record<string, unknown> }
      ).Variables;

      expect(environment.UPLOADS_BUCKET, id).toBeUndefined();
      // The publishers of staff's page blocks reach the site bucket, never this one (site-content.test.ts).
      const s3Statements = statementsOf(entry).filter((statement) =>
        actionsOf(statement).some((action) => action.startsWith('s3:')),
      );
      if (route?.uses.sitePages) expect(JSON.stringify(s3Statements), id).not.toContain(`-uploads-`);
      else expect(s3Statements.flatMap(actionsOf), id).toEqual([]);
    }
  });

  it("lets the site's pages reach the bucket and nothing else beyond their origin (CSP)", () => {
    const policies = prod.template(prod.stacks.web).findResources('AWS::CloudFront::ResponseHeadersPolicy');
    const csp = Object.values(policies)
      .map((policy) =>
        flatten(
          (
            policy as {
              Properties: {
                ResponseHeadersPolicyConfig: {
                  SecurityHeadersConfig?: { ContentSecurityPolicy?: { ContentSecurityPolicy: unknown } };
                };
              };
            }
          ).Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig?.ContentSecurityPolicy
            ?.ContentSecurityPolicy ?? '',
        ),
      )
      .find((value) => value !== '')!;
    const directive = (name: string) =>
      csp
        .split('; ')
        .find((part) => part.startsWith(`${name} `))!
        .split(' ')
        .slice(1);
    const bucket = `exchange-prod-uploads-${PROD_CONTEXT.account}-eu-central-1`;
    const origins = [
      `https://${bucket}.s3.eu-central-1.amazonaws.com`,
      `https://s3.eu-central-1.amazonaws.com/${bucket}/`,
    ];

    // And live push's WebSocket stage (docs/architecture.md §15).
    expect(directive('connect-src')).toEqual([
      "'self'",
      ...origins,
      expect.stringMatching(/^wss:\/\/.+\.execute-api\.eu-central-1\..+\/live$/),
    ]);
    expect(directive('img-src')).toEqual(["'self'", 'data:', ...origins]);
    expect(directive('default-src')).toEqual(["'self'"]);
  });
});

describe('site bucket', () => {
  it("has the derived name the publishers of staff's page blocks compute, and keeps their copies through a deploy's prune", () => {
    const web = dev.template(dev.stacks.web);
    expect(flatten(bucketProperties(web, 'SiteBucket').BucketName)).toBe(
      'exchange-dev-site-<AWS::AccountId>-eu-central-1',
    );
    const deployments = Object.values(web.findResources('Custom::CDKBucketDeployment')).map(
      (resource) => (resource as { Properties: { Exclude?: string[]; Prune?: boolean } }).Properties,
    );
    // Only a deploy with the built site has them (dev here is synthesized without it): then the
    // pruning one leaves the publisher's copies alone.
    for (const deployment of deployments.filter((properties) => properties.Prune !== false))
      expect(deployment.Exclude).toContain('_templates/*');
  });

  it('is reached by exactly the save route and the publishing job: the pages and their copies, read and written', () => {
    const jobs = dev.stacks.jobs!;
    const entries = new Map<string, ApiFunctionEntry>([
      ...functions,
      ...[...jobs.functions].map(([id, fn]): [string, ApiFunctionEntry] => [
        `job:${id}`,
        { stack: jobs, fn },
      ]),
    ]);
    const reaching = [...entries].filter(
      ([, entry]) =>
        (functionProperties(dev, entry).Environment as { Variables: Record<string, unknown> }).Variables
          .SITE_BUCKET !== undefined,
    );
    expect(reaching.map(([id]) => id).sort()).toEqual(['job:publishSiteContent', 'saveSiteBlock']);
    for (const [id, entry] of reaching) {
      const grants = statementsOf(entry)
        .filter((statement) => actionsOf(statement).some((action) => action.startsWith('s3:')))
        .map((statement) => {
          const resources = [statement.Resource].flat().map(flatten).join(' ');
          return `${actionsOf(statement).sort().join(',')} ${resources}`;
        })
        .sort();
      const bucket = 'arn:<AWS::Partition>:s3:::exchange-dev-site-<AWS::AccountId>-eu-central-1';
      expect(grants, id).toEqual([
        `s3:GetObject,s3:PutObject ${bucket}/*.html ${bucket}/_templates/*`,
        `s3:ListBucket ${bucket}`,
      ]);
    }
  });
});
