import { allRoutes, fallbackRoute, originAuthorizer } from '@functions/routes/manifest';
import { needsJwtSecret, type ResourceUse } from '@shared/routes/definition';
import { Stack } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import type { CfnRole } from 'aws-cdk-lib/aws-iam';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiFunctionEntry,
  apiFunctions,
  apiStacks,
  type SynthesizedService,
  synthesizeService,
} from './synth';

interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
}

let service: SynthesizedService;

/** What each API function declares it uses, keyed like `apiFunctions`. */
const usesById = new Map<string, ResourceUse>([
  ...allRoutes.map(([routeId, route]): [string, ResourceUse] => [routeId, route.uses]),
  ['$default', fallbackRoute.uses],
  ['$authorizer', originAuthorizer.uses],
]);
let functions: Map<string, ApiFunctionEntry>;

function statementsIn(stack: Stack): Statement[] {
  const policies = service.template(stack).findResources('AWS::IAM::Policy');
  return Object.values(policies).flatMap(
    (policy) =>
      (policy as { Properties: { PolicyDocument: { Statement: Statement[] } } }).Properties.PolicyDocument
        .Statement,
  );
}

function allStatements(): Statement[] {
  return service.app.node.children.filter(Stack.isStack).flatMap(statementsIn);
}

function actionsOf(statement: Statement): string[] {
  return typeof statement.Action === 'string' ? [statement.Action] : statement.Action;
}

/** The statements of the policy attached to one function's role. */
function statementsOf(id: string): Statement[] {
  const { stack, fn } = functions.get(id)!;
  const roleId = stack.getLogicalId(fn.role!.node.defaultChild as CfnRole);
  const policies = service.template(stack).findResources('AWS::IAM::Policy');
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

function dynamoActionsOf(id: string): string[] {
  return statementsOf(id)
    .flatMap(actionsOf)
    .filter((action) => action.startsWith('dynamodb:'));
}

const WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

beforeAll(() => {
  service = synthesizeService();
  functions = apiFunctions(service);
});

describe('IAM grants', () => {
  it('never grants a DynamoDB action wildcard', () => {
    const wildcards = allStatements()
      .flatMap(actionsOf)
      .filter((action) => action === '*' || (action.startsWith('dynamodb:') && action.includes('*')));

    expect(wildcards).toEqual([]);
  });

  it('never grants DynamoDB actions on every resource, but ListStreams to the stream readers', () => {
    const onEverything = allStatements().filter(
      (statement) =>
        actionsOf(statement).some((action) => action.startsWith('dynamodb:')) &&
        JSON.stringify(statement.Resource).includes('"*"'),
    );
    // ListStreams names no resource (it lists stream ARNs); the stream's records are read only on
    // the stream's own ARN. The event source mapping needs it, and only the outbox sender and the
    // live fan-out have one.
    const listStreams = onEverything.filter(
      (statement) => actionsOf(statement).join() === 'dynamodb:ListStreams',
    );
    const sender = service.stacks.mail.workers.get('sendMail')!;
    const senderListStreams = service.template(service.stacks.mail).findResources('AWS::IAM::Policy', {
      Properties: {
        Roles: [{ Ref: service.stacks.mail.getLogicalId(sender.role!.node.defaultChild as CfnRole) }],
        PolicyDocument: {
          Statement: Match.arrayWith([Match.objectLike({ Action: 'dynamodb:ListStreams' })]),
        },
      },
    });

    const fanOut = service.stacks.live.fanOut;
    const fanOutListStreams = service.template(service.stacks.live).findResources('AWS::IAM::Policy', {
      Properties: {
        Roles: [{ Ref: service.stacks.live.getLogicalId(fanOut.role!.node.defaultChild as CfnRole) }],
        PolicyDocument: {
          Statement: Match.arrayWith([Match.objectLike({ Action: 'dynamodb:ListStreams' })]),
        },
      },
    });

    expect(onEverything).toEqual(listStreams);
    expect(listStreams).toHaveLength(2);
    expect(Object.keys(senderListStreams)).toHaveLength(1);
    expect(Object.keys(fanOutListStreams)).toHaveLength(1);
  });

  it('never grants Scan, so no function can scan the table', () => {
    expect(allStatements().flatMap(actionsOf)).not.toContain('dynamodb:Scan');
  });

  it('grants functions that only read the table no write actions', () => {
    const readers = [...usesById].filter(([, uses]) => uses.table === 'read');

    for (const [routeId] of readers) {
      const actions = dynamoActionsOf(routeId);

      expect(actions, routeId).toContain('dynamodb:Query');
      expect(
        actions.filter((action) => WRITE_ACTIONS.includes(action)),
        routeId,
      ).toEqual([]);
    }
  });

  it('grants functions that do not use the table no DynamoDB rights', () => {
    const nonUsers = [...usesById].filter(([, uses]) => uses.table === undefined);

    for (const [routeId] of nonUsers) {
      expect(dynamoActionsOf(routeId), routeId).toEqual([]);
    }
  });

  it('grants SES sending only to functions that send mail', () => {
    for (const [routeId, uses] of usesById) {
      const sesActions = statementsOf(routeId)
        .flatMap(actionsOf)
        .filter((action) => action.startsWith('ses:'));

      expect(sesActions.length > 0, routeId).toBe(uses.mail === true);
    }
  });

  it('lets each function read exactly the secrets it uses: the JWT key, the TOTP key, the origin secret', () => {
    const secretOf = (statement: Statement) => JSON.stringify(statement.Resource);
    for (const [id, uses] of usesById) {
      const read = statementsOf(id).filter((statement) =>
        actionsOf(statement).some((action) => action.startsWith('secretsmanager:')),
      );
      const route = allRoutes.find(([routeId]) => routeId === id)?.[1];
      expect(
        read.some((s) => /JwtSigningKey/.test(secretOf(s))),
        id,
      ).toBe(route !== undefined && needsJwtSecret(route.access, route.uses));
      expect(
        read.some((s) => /MfaSealingKey/.test(secretOf(s))),
        id,
      ).toBe(uses.mfaKey === true);
      expect(
        read.some((s) => /OriginSecret/.test(secretOf(s))),
        id,
      ).toBe(uses.originSecret === true);
    }
  });

  it('does not attach the AWS managed basic execution policy, whose log rights cover every log group', () => {
    for (const stack of apiStacks(service)) {
      const roles = Object.values(service.template(stack).findResources('AWS::IAM::Role'));
      expect(JSON.stringify(roles), stack.stackName).not.toContain('AWSLambdaBasicExecutionRole');
    }
  });
});
