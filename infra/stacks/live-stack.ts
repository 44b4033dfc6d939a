import { METRICS_NAMESPACE } from '@functions/commons/metrics';
import { LIVE_STREAM_SOURCES } from '@functions/data/live-sources';
import type { liveSocket as LiveSocketRoutes } from '@functions/routes/manifest';
import type { WorkerDefinition } from '@shared/routes/definition';
import { Duration, Stack, type StackProps, Token, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { LogGroupLogDestination, WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { FilterPattern, LogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { ApiFunction } from '../constructs/api-function';
import {
  constructIdFor,
  type LiveManagement,
  type ManifestResources,
  manifestFunction,
} from '../constructs/manifest-function';
import { stageTable } from '../constructs/stage-table';
import { deadLetterQueueName, workerFunctionName } from '../physical-names';
import type { ServiceConfig } from './service-config';

/** A value as cdk-nag prints it in a finding's id: a pseudo parameter's name when it is not pinned. */
const pinned = (value: string, pseudo: string) => (Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value);

/** The WebSocket API's one stage; clients connect to `wss://{api}.execute-api.{region}.amazonaws.com/live`. */
export const LIVE_STAGE_NAME = 'live';

/** One access log line per connect, frame and disconnect. */
export const LIVE_ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  requestTime: '$context.requestTime',
  ip: '$context.identity.sourceIp',
  connectionId: '$context.connectionId',
  eventType: '$context.eventType',
  routeKey: '$context.routeKey',
  status: '$context.status',
  integrationError: '$context.integrationErrorMessage',
} as const;

/** The metric the access log's 5xx lines become (namespace `Exchange`): the monitoring stack's `LiveSocketErrors`. */
export const LIVE_SERVER_ERRORS_METRIC = 'LiveServerErrors';

/** The manifest key of the fan-out worker (`workers.liveFanOut`), which names its function and queue. */
const FAN_OUT_KEY = 'liveFanOut';

export interface LiveStackProps extends StackProps {
  readonly config: ServiceConfig;
  /** The manifest's `liveSocket` routes. */
  readonly socketRoutes: typeof LiveSocketRoutes;
  /** The manifest's `liveFanOut` worker. */
  readonly fanOut: WorkerDefinition;
}

/**
 * Live push (docs/architecture.md "Live push"): an API Gateway WebSocket API whose `$connect`,
 * `$disconnect` and `$default` routes each invoke their manifest function (`$connect` admits a
 * connection by its single-use ticket: the handler decides, no Lambda authorizer), its one stage
 * with the stage's throttle and an access log, and the fan-out on the table's stream, filtered to
 * the items whose changes screens show. Only the functions that send frames (`$default`'s pong and
 * the fan-out) or close connections (the fan-out, and the routes that end a user's staff access or
 * session) get execute-api:ManageConnections, on this stage's connections and their methods only.
 */
export class LiveStack extends Stack {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  /** What clients connect to (`LIVE_URL` of the ticket route). */
  readonly url: string;
  /** The management API, as this stack's functions (the pong, the fan-out) reach it. */
  readonly management: LiveManagement;
  /** The same for the API routes in other stacks that close connections (logout, role changes…). */
  readonly managementForRoutes: LiveManagement;
  readonly functions = new Map<string, ApiFunction>();
  readonly fanOut: ApiFunction;
  readonly deadLetters: Queue;
  readonly accessLogs: LogGroup;

  constructor(scope: Construct, id: string, props: LiveStackProps) {
    super(scope, id, props);
    const { config } = props;
    const { settings } = config;
    this.api = new WebSocketApi(this, 'SocketApi', {
      description: 'Exchange: live notices to the site',
    });
    this.accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: settings.logRetention,
      removalPolicy: settings.removalPolicy,
    });
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: LIVE_STAGE_NAME,
      autoDeploy: true,
      throttle: settings.throttle.api,
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(LIVE_ACCESS_LOG_FIELDS)),
      },
    });
    this.url = this.stage.url;
    // A connect or a frame the API could not hand to its function, or whose function failed, is a
    // 5xx line here; a refused ticket is a 401, which the API's own metrics count as an error too.
    // The format writes the status as a string: matched as a number and as text.
    new MetricFilter(this, 'ServerErrors', {
      logGroup: this.accessLogs,
      filterPattern: FilterPattern.any(
        FilterPattern.numberValue('$.status', '>=', 500),
        FilterPattern.stringValue('$.status', '=', '5*'),
      ),
      metricNamespace: METRICS_NAMESPACE,
      metricName: LIVE_SERVER_ERRORS_METRIC,
      metricValue: '1',
    });

    const stageArn = (apiId: string) =>
      this.formatArn({ service: 'execute-api', resource: apiId, resourceName: LIVE_STAGE_NAME });
    const nagStage = (apiId: string) =>
      `arn:<AWS::Partition>:execute-api:${pinned(this.region, 'Region')}:${pinned(this.account, 'AccountId')}:${apiId}/${LIVE_STAGE_NAME}`;
    this.management = {
      endpoint: this.stage.callbackUrl,
      stageArn: stageArn(this.api.apiId),
      nagStage: nagStage(`<${this.getLogicalId(this.api.node.defaultChild as never)}>`),
    };
    // Other stacks get the API's id through an export of a fixed name rather than a generated one,
    // so the ARN their grant names (and cdk-nag's acknowledgment of it) is known when synthesizing.
    const apiIdExport = `${this.stackName}:SocketApiId`;
    this.managementForRoutes = {
      endpoint: this.stage.callbackUrl,
      stageArn: stageArn(this.exportValue(this.api.apiId, { name: apiIdExport })),
      nagStage: nagStage(apiIdExport),
    };
    const resources: ManifestResources = {
      siteUrl: config.siteUrl,
      stage: settings,
      table: stageTable(this, config.stage, { stream: true }),
      live: { management: this.management },
    };

    for (const [routeId, route] of Object.entries(props.socketRoutes)) {
      const name = `Socket${constructIdFor(routeId)}`;
      const fn = manifestFunction(
        this,
        `${name}Function`,
        { handler: route.handler, uses: route.uses, description: `live $${routeId}` },
        resources,
      );
      this.api.addRoute(`$${routeId}`, {
        integration: new WebSocketLambdaIntegration(`${name}Integration`, fn.live),
      });
      this.functions.set(routeId, fn);
    }
    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'A browser cannot send headers on a WebSocket: $connect admits a connection only with a single-use ' +
        'ticket from the authenticated POST /api/live/ticket (its handler decides, 401 otherwise); ' +
        '$disconnect and $default cannot have authorizers and serve admitted connections only.',
    });

    const source = props.fanOut.source;
    if (source.kind !== 'liveChanges')
      throw new Error('The live fan-out reads the table changes live push shows');
    this.fanOut = manifestFunction(
      this,
      'FanOutWorker',
      {
        handler: props.fanOut.handler,
        uses: props.fanOut.uses,
        description: props.fanOut.summary,
        // The monitoring stack reads its iterator age by this name.
        functionName: workerFunctionName(config.stage, FAN_OUT_KEY),
        timeout: Duration.minutes(1),
      },
      resources,
    );
    this.deadLetters = new Queue(this, 'FanOutDeadLetters', {
      // The monitoring stack alarms on it by this name.
      queueName: deadLetterQueueName(config.stage, FAN_OUT_KEY),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.deadLetters).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        'This queue is the dead-letter queue of the live fan-out; nothing consumes it but the operator.',
    });
    Validations.of(this.fanOut.role!).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Active tracing (xray:PutTraceSegments, xray:PutTelemetryRecords) and the stream event source ' +
        '(dynamodb:ListStreams, which lists stream ARNs only) support no resource-level permissions; the ' +
        "stream's records are read only through DescribeStream/GetShardIterator/GetRecords on its own ARN.",
    });
    const { application, message, chainTransfer, staffNotice } = LIVE_STREAM_SOURCES;
    this.fanOut.live.addEventSource(
      new DynamoEventSource(resources.table!, {
        // Notices are about now: a new mapping starts at the stream's end.
        startingPosition: StartingPosition.LATEST,
        batchSize: source.batchSize,
        maxBatchingWindow: Duration.seconds(source.maxBatchingWindowSeconds),
        retryAttempts: source.retryAttempts,
        bisectBatchOnError: true,
        onFailure: new SqsDlq(this.deadLetters),
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.or('INSERT', 'MODIFY'),
            dynamodb: {
              Keys: {
                pk: { S: FilterRule.beginsWith(application.pkPrefix) },
                sk: { S: FilterRule.isEqual(application.sk) },
              },
            },
          }),
          FilterCriteria.filter({
            eventName: FilterRule.isEqual('INSERT'),
            dynamodb: { Keys: { pk: { S: FilterRule.beginsWith(message.pkPrefix) } } },
          }),
          FilterCriteria.filter({
            eventName: FilterRule.or('INSERT', 'MODIFY'),
            dynamodb: {
              Keys: { pk: { S: FilterRule.beginsWith(chainTransfer.pkPrefix) } },
              NewImage: { state: { S: FilterRule.isEqual(chainTransfer.state) } },
            },
          }),
          FilterCriteria.filter({
            eventName: FilterRule.isEqual('INSERT'),
            dynamodb: { Keys: { pk: { S: FilterRule.beginsWith(staffNotice.pkPrefix) } } },
          }),
        ],
      }),
    );
  }
}
