import { liveSocket, workers } from '@functions/routes/manifest';
import type { ApiFunction } from '@infra/constructs/api-function';
import { deadLetterQueueName } from '@infra/physical-names';
import { LIVE_STAGE_NAME } from '@infra/stacks/live-stack';
import { STAGES } from '@infra/stacks/stages';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import type { CfnRole } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiFunctions,
  functionProperties,
  PROD_CONTEXT,
  type SynthesizedService,
  synthesizeService,
} from './synth';

type Resource = { Type: string; Properties: Record<string, unknown> };
interface Statement {
  Action: string | string[];
  Resource: unknown;
}

let prod: SynthesizedService;
let live: Template;

beforeAll(() => {
  prod = synthesizeService({ context: PROD_CONTEXT });
  live = prod.template(prod.stacks.live);
});

const actionsOf = (statement: Statement) =>
  typeof statement.Action === 'string' ? [statement.Action] : statement.Action;

/** The statements of the policies attached to a function's role in the live stack. */
function statementsOf(role: CfnRole): Statement[] {
  const roleId = prod.stacks.live.getLogicalId(role);
  return Object.values(live.findResources('AWS::IAM::Policy'))
    .map(
      (policy) =>
        (policy as Resource).Properties as {
          Roles: Array<{ Ref: string }>;
          PolicyDocument: { Statement: Statement[] };
        },
    )
    .filter((properties) => properties.Roles.some((entry) => entry.Ref === roleId))
    .flatMap((properties) => properties.PolicyDocument.Statement);
}

const roleOf = (fn: { role?: { node: { defaultChild?: unknown } } }) => fn.role!.node.defaultChild as CfnRole;
const environmentOf = (fn: { node: { defaultChild?: unknown } }) => {
  const id = prod.stacks.live.getLogicalId(fn.node.defaultChild as CfnFunction);
  const resources = live.toJSON().Resources as Record<string, { Properties: Record<string, unknown> }>;
  return (resources[id]!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
};

describe('live stack: the WebSocket API', () => {
  it('is a WebSocket API with $connect, $disconnect and $default, each on its own function', () => {
    live.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    live.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET' });
    const routeKeys = Object.values(live.findResources('AWS::ApiGatewayV2::Route')).map(
      (route) => (route as Resource).Properties.RouteKey,
    );
    expect(routeKeys.sort()).toEqual(['$connect', '$default', '$disconnect']);
    expect([...prod.stacks.live.functions.keys()].sort()).toEqual(Object.keys(liveSocket).sort());
  });

  it("has one stage with the stage's throttle and an access log", () => {
    live.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: LIVE_STAGE_NAME,
      AutoDeploy: true,
      DefaultRouteSettings: Match.objectLike({
        ThrottlingRateLimit: STAGES.prod.throttle.api.rateLimit,
        ThrottlingBurstLimit: STAGES.prod.throttle.api.burstLimit,
      }),
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
    });
  });
});

describe('live stack: least privilege', () => {
  const manageConnections = (statements: Statement[]) =>
    statements.filter((statement) => actionsOf(statement).includes('execute-api:ManageConnections'));

  const methodsGranted = (statement: Statement) =>
    [
      ...JSON.stringify(statement.Resource).matchAll(
        new RegExp(`/${LIVE_STAGE_NAME}/(\\w+)/@connections/\\*`, 'g'),
      ),
    ]
      .map((match) => match[1]!)
      .sort();

  it("grants ManageConnections only to the senders, on this stage's @connections and their methods only", () => {
    const granted = (fn: ApiFunction) => manageConnections(statementsOf(roleOf(fn)));
    // $default answers the heartbeat (POST); the fan-out sends notices and closes connections no longer staff's.
    for (const [fn, methods] of [
      [prod.stacks.live.functions.get('default')!, ['POST']],
      [prod.stacks.live.fanOut, ['DELETE', 'POST']],
    ] as const) {
      expect(granted(fn)).toHaveLength(1);
      expect(actionsOf(granted(fn)[0]!)).toEqual(['execute-api:ManageConnections']);
      expect(methodsGranted(granted(fn)[0]!)).toEqual(methods);
    }
    for (const routeId of ['connect', 'disconnect'] as const) {
      const fn = prod.stacks.live.functions.get(routeId)!;
      expect(manageConnections(statementsOf(roleOf(fn)))).toEqual([]);
    }
  });

  it('lets the routes that end staff access or a session close connections (DELETE), and no other route', () => {
    const closers = [
      'authLogout',
      'adminUpdateUser',
      'adminSetUserRole',
      'adminDeactivateUser',
      'adminRevokeSession',
    ];
    const granted = new Map<string, string[]>();
    for (const [routeId, entry] of apiFunctions(prod)) {
      const template = prod.template(entry.stack);
      const roleId = entry.stack.getLogicalId(roleOf(entry.fn));
      const statements = Object.values(template.findResources('AWS::IAM::Policy'))
        .map(
          (policy) =>
            (policy as Resource).Properties as {
              Roles: Array<{ Ref: string }>;
              PolicyDocument: { Statement: Statement[] };
            },
        )
        .filter((properties) => properties.Roles.some((role) => role.Ref === roleId))
        .flatMap((properties) => properties.PolicyDocument.Statement);
      const manage = manageConnections(statements);
      if (manage.length > 0) granted.set(routeId, manage.flatMap(methodsGranted));
      const variables = (
        functionProperties(prod, entry).Environment as { Variables?: Record<string, unknown> } | undefined
      )?.Variables;
      expect(variables?.LIVE_MANAGEMENT_URL !== undefined, routeId).toBe(closers.includes(routeId));
    }
    expect(Object.fromEntries(granted)).toEqual(Object.fromEntries(closers.map((id) => [id, ['DELETE']])));
  });

  it('gives the senders the management endpoint and the ticket route the socket URL', () => {
    expect(environmentOf(prod.stacks.live.fanOut).LIVE_MANAGEMENT_URL).toBeDefined();
    expect(environmentOf(prod.stacks.live.functions.get('default')!).LIVE_MANAGEMENT_URL).toBeDefined();
    expect(environmentOf(prod.stacks.live.functions.get('connect')!).LIVE_MANAGEMENT_URL).toBeUndefined();

    const ticket = apiFunctions(prod).get('createLiveTicket')!;
    const resources = prod.template(ticket.stack).toJSON().Resources as Record<
      string,
      { Properties: Record<string, unknown> }
    >;
    const variables = (
      resources[ticket.stack.getLogicalId(ticket.fn.node.defaultChild as CfnFunction)]!.Properties
        .Environment as { Variables: Record<string, unknown> }
    ).Variables;
    expect(JSON.stringify(variables.LIVE_URL)).toContain('wss://');
    // No other route function learns the socket's address.
    const others = [...apiFunctions(prod)].filter(([id]) => id !== 'createLiveTicket');
    for (const [, entry] of others) {
      const all = prod.template(entry.stack).toJSON().Resources as Record<
        string,
        { Properties: { Environment?: { Variables: Record<string, unknown> } } }
      >;
      const own = all[entry.stack.getLogicalId(entry.fn.node.defaultChild as CfnFunction)]!;
      expect(own.Properties.Environment?.Variables.LIVE_URL).toBeUndefined();
    }
  });
});

describe('live stack: the fan-out', () => {
  it("reads the table's stream through its alias, filtered to applications, new messages and transfers to review", () => {
    const aliasId = prod.stacks.live.getLogicalId(prod.stacks.live.fanOut.live.node.defaultChild as never);
    const mapping = Object.values(live.findResources('AWS::Lambda::EventSourceMapping'))[0] as Resource;
    const deadLettersId = prod.stacks.live.getLogicalId(
      prod.stacks.live.deadLetters.node.defaultChild as never,
    );
    expect(JSON.stringify(mapping.Properties.FunctionName)).toContain(`"Ref":"${aliasId}"`);
    expect(mapping.Properties).toMatchObject({
      StartingPosition: 'LATEST',
      BatchSize: workers.liveFanOut.source.batchSize,
      MaximumRetryAttempts: workers.liveFanOut.source.retryAttempts,
      BisectBatchOnFunctionError: true,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [deadLettersId, 'Arn'] } } },
    });
    const patterns = (
      mapping.Properties.FilterCriteria as { Filters: Array<{ Pattern: string }> }
    ).Filters.map((filter) => JSON.parse(filter.Pattern));
    expect(patterns).toEqual([
      {
        eventName: ['INSERT', 'MODIFY'],
        dynamodb: { Keys: { pk: { S: [{ prefix: 'APP#' }] }, sk: { S: ['APP'] } } },
      },
      { eventName: ['INSERT'], dynamodb: { Keys: { pk: { S: [{ prefix: 'APPMSG#' }] } } } },
      {
        eventName: ['INSERT', 'MODIFY'],
        dynamodb: { Keys: { pk: { S: [{ prefix: 'CHAINTX#' }] } }, NewImage: { state: { S: ['review'] } } },
      },
      { eventName: ['INSERT'], dynamodb: { Keys: { pk: { S: [{ prefix: 'STAFFNOTICE#' }] } } } },
    ]);
  });

  it('records a batch that keeps failing in its dead-letter queue, which the monitoring stack alarms on', () => {
    // Monitoring finds the queue by its name, not by an export (infra/physical-names.ts).
    const queueName = deadLetterQueueName('prod', 'liveFanOut');
    live.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true, QueueName: queueName });
    prod.template(prod.stacks.monitoring).hasResourceProperties('AWS::CloudWatch::Alarm', {
      Dimensions: [{ Name: 'QueueName', Value: queueName }],
    });
  });
});

describe('live stack: the site may connect to it', () => {
  it("names the stage's wss:// URL in the CSP's connect-src", () => {
    const policy = Object.values(
      prod.template(prod.stacks.web).findResources('AWS::CloudFront::ResponseHeadersPolicy'),
    )[0] as Resource;
    const csp = JSON.stringify(policy.Properties);
    expect(csp).toMatch(/connect-src 'self'[^;]*wss:\/\//);
    expect(csp).toContain(`/${LIVE_STAGE_NAME}`);
  });
});
