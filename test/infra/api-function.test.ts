import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiFunction } from '@infra/constructs/api-function';
import { esbuildOptions, handlerEntry } from '@infra/constructs/bundling';
import { App, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import type { CfnRole } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { ConfigurationSet, EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The construct on its own, bundled for real (one function, so it stays fast): the stack tests
 * skip bundling, and `npm run synth` and `npm run bench` bundle every manifest function.
 */
const HANDLER = 'handlers/system/health';

interface Statement {
  Action: string | string[];
  Resource: unknown;
}

let outdir: string;
let stack: Stack;
let template: Template;
let reader: ApiFunction;
let writer: ApiFunction;
let mailer: ApiFunction;

function statementsOf(fn: ApiFunction): Statement[] {
  const roleId = stack.getLogicalId(fn.role!.node.defaultChild as CfnRole);
  return Object.values(template.findResources('AWS::IAM::Policy'))
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

function actionsOf(fn: ApiFunction, prefix: string): string[] {
  return statementsOf(fn)
    .flatMap((statement) => (typeof statement.Action === 'string' ? [statement.Action] : statement.Action))
    .filter((action) => action.startsWith(prefix));
}

function bundleDirOf(fn: ApiFunction): string {
  const resource = template.toJSON().Resources[stack.getLogicalId(fn.node.defaultChild as CfnFunction)];
  const s3Key = (resource.Properties.Code as { S3Key: string }).S3Key;
  return path.join(outdir, `asset.${s3Key.replace(/\.zip$/, '')}`);
}

beforeAll(() => {
  outdir = mkdtempSync(path.join(tmpdir(), 'exchange-api-function-'));
  const app = new App({ outdir, builtinCloudFormationValidation: false });
  stack = new Stack(app, 'construct-test');
  const table = new Table(stack, 'Table', {
    partitionKey: { name: 'pk', type: AttributeType.STRING },
    sortKey: { name: 'sk', type: AttributeType.STRING },
  });
  const identity = new EmailIdentity(stack, 'Identity', { identity: Identity.domain('example.com') });
  const common = {
    handlerModule: HANDLER,
    siteUrl: 'https://exchange.example.com',
    jwtSecret: new Secret(stack, 'Jwt'),
    removalPolicy: RemovalPolicy.DESTROY,
  };
  // Same entry, same bundling options: CDK stages the bundle once and the three share it.
  reader = new ApiFunction(stack, 'Reader', common).bindTable(table, 'read');
  writer = new ApiFunction(stack, 'Writer', common).bindTable(table, 'readWrite');
  const configurationSet = new ConfigurationSet(stack, 'ConfigurationSet');
  mailer = new ApiFunction(stack, 'Mailer', common).bindMail(
    identity,
    'no-reply@example.com',
    configurationSet,
  );
  template = Template.fromStack(stack);
});

/** The logical id of the configuration set, which the function names by reference. */
const configurationSetRef = () =>
  stack.getLogicalId(stack.node.findChild('ConfigurationSet').node.defaultChild as never);

afterAll(() => {
  if (outdir) rmSync(outdir, { recursive: true, force: true });
});

describe('ApiFunction', () => {
  it('bundles its handler into a minified ESM index.mjs with a source map beside it', () => {
    const bundle = readFileSync(path.join(bundleDirOf(reader), 'index.mjs'), 'utf8');

    expect(bundle.startsWith("import { createRequire } from 'module';")).toBe(true);
    expect(bundle).toMatch(/export\{[\w$]+ as handler\};/);
    expect(existsSync(path.join(bundleDirOf(reader), 'index.mjs.map'))).toBe(true);
  });

  it("keeps class names in the minified bundle, so a refusal's code (its class name) survives", () => {
    const bundle = readFileSync(path.join(bundleDirOf(reader), 'index.mjs'), 'utf8');

    expect(bundle).toContain('"DatabaseUnavailable"');
  });

  it('bundles exactly the code the bench measures, from the shared esbuild options', async () => {
    const benchBundle = path.join(outdir, 'bench', 'index.mjs');

    await build(esbuildOptions(handlerEntry(HANDLER), benchBundle));

    expect(readFileSync(benchBundle, 'utf8')).toBe(
      readFileSync(path.join(bundleDirOf(reader), 'index.mjs'), 'utf8'),
    );
  });

  it('grants a reader only GetItem, BatchGetItem and Query', () => {
    expect([...new Set(actionsOf(reader, 'dynamodb:'))].sort()).toEqual([
      'dynamodb:BatchGetItem',
      'dynamodb:GetItem',
      'dynamodb:Query',
    ]);
  });

  it('grants a writer item writes but never Scan or table administration', () => {
    const actions = actionsOf(writer, 'dynamodb:');

    expect(actions).toEqual(
      expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']),
    );
    expect(actions.filter((action) => /Scan|Table|\*/.test(action))).toEqual([]);
  });

  it('sets TABLE_NAME when bound to the table', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: {
          TABLE_NAME: { Ref: stack.getLogicalId(stack.node.findChild('Table').node.defaultChild as never) },
        },
      },
    });
  });

  it('grants a mailer SES sending on its sender identity and its configuration set only', () => {
    const ses = statementsOf(mailer).filter((statement) => JSON.stringify(statement.Action).includes('ses:'));
    const resources = ses.map((statement) => JSON.stringify(statement.Resource));

    expect(ses).toHaveLength(2);
    for (const statement of ses)
      expect([...(statement.Action as string[])].sort()).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
    expect(resources.filter((resource) => resource.includes(':identity/'))).toHaveLength(1);
    expect(
      resources.filter(
        (resource) => resource.includes(':configuration-set/') && resource.includes(configurationSetRef()),
      ),
    ).toHaveLength(1);
    expect(resources.join()).not.toMatch(/identity\/\*|configuration-set\/\*|"\*"/);
  });

  it('sets MAIL_FROM and the configuration set every send uses when bound to the sender identity', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: {
          MAIL_FROM: 'no-reply@example.com',
          MAIL_CONFIGURATION_SET: { Ref: configurationSetRef() },
        },
      },
    });
  });

  it('gives a function without bindings no table or mail rights', () => {
    expect(actionsOf(mailer, 'dynamodb:')).toEqual([]);
    expect(actionsOf(reader, 'ses:')).toEqual([]);
  });
});
