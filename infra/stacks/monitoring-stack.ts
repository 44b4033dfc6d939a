import { METRICS_NAMESPACE } from '@functions/commons/metrics';
import { scheduleIntervalMs } from '@functions/routes/schedule';
import { APPLICATION_STATUSES } from '@shared/enums';
import type { JobDefinition, WorkerDefinition } from '@shared/routes/definition';
import { Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Operation } from 'aws-cdk-lib/aws-dynamodb';
import { EventField, Rule, RuleTargetInput } from 'aws-cdk-lib/aws-events';
import { SnsTopic } from 'aws-cdk-lib/aws-events-targets';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { stageTable } from '../constructs/stage-table';
import { deadLetterQueueName, workerFunctionName } from '../physical-names';
import { THROTTLED_METRIC } from './api-stage-stack';
import { LIVE_SERVER_ERRORS_METRIC } from './live-stack';
import { SES_SANDBOX_QUOTA, type ServiceConfig } from './service-config';

export interface MonitoringStackProps extends StackProps {
  readonly config: ServiceConfig;
  readonly httpApi: IHttpApi;
  /**
   * The manifest's jobs: each gets a heartbeat and an alarm on its dead-letter queue, found by the
   * name the jobs stack gives it (physical-names.ts), not through an export.
   */
  readonly jobs: Readonly<Record<string, JobDefinition>>;
  /**
   * The manifest's workers: each gets an alarm on its dead-letter queue, and those on the table's
   * stream one on their iterator age, by the names the mail and live stacks give them.
   */
  readonly workers: Readonly<Record<string, WorkerDefinition>>;
  /** Prefix of the us-east-1 alarms (edge-monitoring-stack.ts), whose state changes come here by EventBridge. */
  readonly edgeAlarmPrefix: string;
}

const FIVE_MINUTES = Duration.minutes(5);
const MINUTE = Duration.minutes(1);
const DAY = Duration.days(1);
/** The operations the functions use (no Scan): an alarm's math may hold at most 10 metrics. */
const TABLE_OPERATIONS = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.BATCH_WRITE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
];

/**
 * Thresholds, each with its reason; docs/operations.md "Reading an alarm" has a line per alarm with
 * the first thing to do.
 */
export const ALARM_THRESHOLDS = {
  /** 5xx answers in 5 minutes: at launch volume a rate needs too many requests to mean anything. */
  api5xxCount: 3,
  /** Share of 4xx answers (with at least `minRequests`): a broken client or a scan. */
  api4xxPercent: 25,
  /** Share of 429 answers (the stage throttle and the functions' own limits). */
  api429Percent: 2,
  minRequests: 50,
  /**
   * The API's p95 latency (ms) over 5 minutes, three periods in a row (with at least `minRequests`
   * requests each): a cold start costs about a second (init and the secrets extension's first
   * read), so a p95 near it is normal at low volume; 2.5 s for 15 minutes is a slow table, a slow
   * provider call or too little memory, which users feel.
   */
  apiLatencyP95Ms: 2_500,
  apiLatencyPeriods: 3,
  /** WebSocket connects and frames answered 5xx in 5 minutes (the live access log): as the API's. */
  liveServerErrors: 3,
  /** Lambda errors of the whole stage in 5 minutes: one is noise, three are not. */
  lambdaErrors: 3,
  /**
   * Percent of the account's concurrency quota claimed (running functions plus reserved
   * concurrency) for 3 of 5 minutes. Every function of the stage shares the quota, and past it
   * every invocation is throttled, the API's included; an increase takes AWS hours to days, so
   * the alarm leaves a quarter of the quota for the wait. A new account's quota can be 10.
   */
  lambdaConcurrencyPercent: 80,
  oldestUnsentMailMinutes: 15,
  /** Minutes a feed direction may stay paused for a stale price. */
  staleRatesMinutes: 10,
  /** The table's stream, read by the outbox sender: mails wait this long before the alarm. */
  streamIteratorAgeMs: 5 * 60_000,
  /**
   * The stream as the live fan-out reads it: screens show a change within 2 s while live, so a
   * minute behind (for 5 minutes) means they have fallen back to polling.
   */
  liveStreamIteratorAgeMs: 60_000,
  /** Minutes CloudFront may go on sending the previous origin secret after a rotation. */
  originSecretStaleMinutes: 60,
  /** Minutes the chain watcher may go without reading a receiving wallet whole. */
  chainReadAgeMinutes: 5,
  /** Minutes a USDT transfer may wait on the review list before someone is told. */
  chainReviewWaitingMinutes: 60,
  /** SES reviews an account at 5 % bounces and pauses it at 10 %: warn well before. */
  sesBounceRate: 0.025,
  /** SES reviews at 0.1 % complaints and pauses at 0.5 %. */
  sesComplaintRate: 0.001,
  /**
   * Percent of SES's sending quota (`-c sesSendingQuota`, the account's Max24HourSend) sent in the
   * last 24 hours. Past the quota SES refuses every send, the outbox's mails wait; raising it is a
   * request to AWS that takes a day or more.
   */
  sesQuotaPercent: 80,
} as const;

/** The alarm on the table's stream as each kind of stream worker reads it (the rest have none). */
const STREAM_ALARMS: Partial<
  Record<WorkerDefinition['source']['kind'], { id: string; description: string; thresholdMs: number }>
> = {
  outbox: {
    id: 'OutboxStreamBehind',
    description: 'The outbox sender is more than 5 minutes behind the table stream',
    thresholdMs: ALARM_THRESHOLDS.streamIteratorAgeMs,
  },
  liveChanges: {
    id: 'LiveStreamBehind',
    description: 'Live notices are more than a minute behind the table stream: screens are polling instead',
    thresholdMs: ALARM_THRESHOLDS.liveStreamIteratorAgeMs,
  },
};

/**
 * The id of the alarm on the dead-letter queue of the manifest's job or worker `key`: a name, so
 * removing one job leaves every other alarm as it is.
 */
export const deadLetterAlarmId = (key: string) => `${upperFirst(key)}DeadLetters`;

/**
 * The alarms, their SNS topic (mailed to `alarmEmail`, which prod requires) and one dashboard
 * with the same figures plus the business metrics the functions write as EMF lines. The edge
 * alarms (CloudFront, WAF) live in us-east-1 with their metrics; their state changes reach this
 * topic through EventBridge (edge-monitoring-stack.ts). Lambda figures are the region's totals: a
 * stage has its account to itself (docs/decisions.md).
 */
export class MonitoringStack extends Stack {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    const { config } = props;
    const table = stageTable(this, config.stage);
    this.topic = new Topic(this, 'AlarmTopic', {
      displayName: `Exchange ${config.stage} alarms`,
      enforceSSL: true,
    });
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm notices carry alarm names and figures, no customer data; CloudWatch cannot publish to a topic ' +
        'encrypted with the AWS-managed SNS key, and a customer key for this alone is not worth its cost.',
    });
    if (config.alarmEmail) this.topic.addSubscription(new EmailSubscription(config.alarmEmail));

    const alarm = (id: string, description: string, metric: IMetric, options: AlarmOptions = {}) => {
      const created = new Alarm(this, id, {
        alarmDescription: description,
        metric,
        threshold: options.threshold ?? 0,
        comparisonOperator: options.comparison ?? ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: options.periods ?? 1,
        datapointsToAlarm: options.datapoints,
        treatMissingData: options.missing ?? TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(new SnsAction(this.topic));
      created.addOkAction(new SnsAction(this.topic));
      this.alarms.push(created);
      return created;
    };
    const exchange = (
      metricName: string,
      statistic: string,
      period: Duration,
      dimensionsMap?: Record<string, string>,
    ) => new Metric({ namespace: METRICS_NAMESPACE, metricName, statistic, period, dimensionsMap });
    /** `part` as a percentage of `requests`, 0 below `minRequests` requests. */
    const share = (part: IMetric, requests: IMetric, label: string) =>
      new MathExpression({
        expression: `IF(requests >= ${ALARM_THRESHOLDS.minRequests}, 100 * FILL(part, 0) / requests, 0)`,
        usingMetrics: { requests, part },
        period: FIVE_MINUTES,
        label,
      });

    const requests = props.httpApi.metricCount({ period: FIVE_MINUTES });
    const serverErrors = props.httpApi.metricServerError({ period: FIVE_MINUTES });
    const clientErrors = props.httpApi.metricClientError({ period: FIVE_MINUTES });
    const throttledRequests = exchange(THROTTLED_METRIC, 'Sum', FIVE_MINUTES);
    alarm(
      'Api5xx',
      `${ALARM_THRESHOLDS.api5xxCount} or more API answers were 5xx in 5 minutes`,
      serverErrors,
      {
        threshold: ALARM_THRESHOLDS.api5xxCount,
        comparison: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      },
    );
    alarm(
      'Api4xxRate',
      `More than ${ALARM_THRESHOLDS.api4xxPercent} % of API answers were 4xx in 5 minutes (${ALARM_THRESHOLDS.minRequests} requests or more)`,
      share(clientErrors, requests, 'API 4xx %'),
      { threshold: ALARM_THRESHOLDS.api4xxPercent },
    );
    alarm(
      'Api429Rate',
      `More than ${ALARM_THRESHOLDS.api429Percent} % of API answers were 429 in 5 minutes (${ALARM_THRESHOLDS.minRequests} requests or more)`,
      share(throttledRequests, requests, 'API 429 %'),
      { threshold: ALARM_THRESHOLDS.api429Percent },
    );
    const latencyP95 = new MathExpression({
      expression: `IF(requests >= ${ALARM_THRESHOLDS.minRequests}, latency, 0)`,
      usingMetrics: {
        requests,
        latency: props.httpApi.metricLatency({ statistic: 'p95', period: FIVE_MINUTES }),
      },
      period: FIVE_MINUTES,
      label: 'API p95 latency (ms)',
    });
    alarm(
      'ApiLatencyP95',
      `The API's p95 latency was above ${ALARM_THRESHOLDS.apiLatencyP95Ms} ms for ${ALARM_THRESHOLDS.apiLatencyPeriods * 5} minutes (${ALARM_THRESHOLDS.minRequests} requests or more every 5 minutes)`,
      latencyP95,
      { threshold: ALARM_THRESHOLDS.apiLatencyP95Ms, periods: ALARM_THRESHOLDS.apiLatencyPeriods },
    );
    const liveServerErrors = exchange(LIVE_SERVER_ERRORS_METRIC, 'Sum', FIVE_MINUTES);
    alarm(
      'LiveSocketErrors',
      `${ALARM_THRESHOLDS.liveServerErrors} or more WebSocket connects or frames were answered 5xx in 5 minutes (live push)`,
      liveServerErrors,
      {
        threshold: ALARM_THRESHOLDS.liveServerErrors,
        comparison: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      },
    );

    const lambda = (metricName: string) =>
      new Metric({ namespace: 'AWS/Lambda', metricName, statistic: 'Sum', period: FIVE_MINUTES });
    alarm(
      'LambdaErrors',
      `${ALARM_THRESHOLDS.lambdaErrors} or more function errors in 5 minutes (any function of the stage)`,
      lambda('Errors'),
      {
        threshold: ALARM_THRESHOLDS.lambdaErrors,
        comparison: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      },
    );
    alarm('LambdaThrottles', 'A function invocation was throttled', lambda('Throttles'));
    // SERVICE_QUOTA reads the account's concurrency quota from Service Quotas (its usage metric is
    // ConcurrentExecutions), so no figure is configured; the claimed concurrency counts the reserved
    // concurrency of the jobs too, which the running count leaves out.
    const concurrencyClaimed = new MathExpression({
      expression: '100 * claimed / SERVICE_QUOTA(running)',
      usingMetrics: {
        claimed: new Metric({
          namespace: 'AWS/Lambda',
          metricName: 'ClaimedAccountConcurrency',
          statistic: 'Maximum',
        }),
        running: new Metric({
          namespace: 'AWS/Lambda',
          metricName: 'ConcurrentExecutions',
          statistic: 'Maximum',
        }),
      },
      period: MINUTE,
      label: "Lambda concurrency claimed (% of the account's quota)",
    });
    alarm(
      'LambdaConcurrency',
      `More than ${ALARM_THRESHOLDS.lambdaConcurrencyPercent} % of the account's Lambda concurrency quota was claimed for 3 of 5 minutes`,
      concurrencyClaimed,
      { threshold: ALARM_THRESHOLDS.lambdaConcurrencyPercent, periods: 5, datapoints: 3 },
    );

    const dynamoThrottles = table.metricThrottledRequestsForOperations({
      operations: TABLE_OPERATIONS,
      period: FIVE_MINUTES,
    });
    const dynamoSystemErrors = table.metricSystemErrorsForOperations({
      operations: TABLE_OPERATIONS,
      period: FIVE_MINUTES,
    });
    alarm('DynamoThrottles', 'DynamoDB throttled requests on the table', dynamoThrottles);
    alarm('DynamoSystemErrors', 'DynamoDB answered with system errors', dynamoSystemErrors);

    // One alarm per manifest job and worker, on the queue its stack names from the same key.
    const deadLetterKeys = [...Object.keys(props.jobs), ...Object.keys(props.workers)];
    const shared = deadLetterKeys.filter((key, index) => deadLetterKeys.indexOf(key) !== index);
    if (shared.length > 0)
      throw new Error(`Manifest jobs and workers share keys (${shared.join(', ')}): their queues would too`);
    const deadLetterDepths = deadLetterKeys.map((key) => {
      const queueName = deadLetterQueueName(config.stage, key);
      const depth = new Metric({
        namespace: 'AWS/SQS',
        metricName: 'ApproximateNumberOfMessagesVisible',
        dimensionsMap: { QueueName: queueName },
        statistic: 'Maximum',
        period: FIVE_MINUTES,
      });
      alarm(deadLetterAlarmId(key), `Messages wait in the dead-letter queue of ${key} (${queueName})`, depth);
      return depth.with({ label: key });
    });

    // A heartbeat per job: its successful runs (JobSucceeded), judged over two of its periods.
    const heartbeats = Object.entries(props.jobs).map(([id, job]) => {
      const period = Duration.minutes(Math.max(5, scheduleIntervalMs(job.schedule) / 60_000));
      const beats = exchange('JobSucceeded', 'Sum', period, { Job: id });
      alarm(
        `${upperFirst(id)}Heartbeat`,
        `The job ${id} has not finished a run for two of its periods`,
        beats,
        {
          threshold: 1,
          comparison: ComparisonOperator.LESS_THAN_THRESHOLD,
          periods: 2,
          missing: TreatMissingData.BREACHING,
        },
      );
      return beats;
    });

    const oldestUnsentMail = exchange('OldestUnsentMailMinutes', 'Maximum', FIVE_MINUTES);
    alarm(
      'OldestUnsentMail',
      `A mail has waited in the outbox for more than ${ALARM_THRESHOLDS.oldestUnsentMailMinutes} minutes`,
      oldestUnsentMail,
      { threshold: ALARM_THRESHOLDS.oldestUnsentMailMinutes },
    );
    // The chain watcher: a wallet not read whole for 5 minutes (the provider down, a key refused),
    // and transfers on the review list for an hour (each minute's lowest count above 0).
    const chainReadAge = exchange('ChainReadAgeMinutes', 'Maximum', MINUTE);
    alarm(
      'ChainReadStale',
      `The chain watcher has not read a receiving wallet for ${ALARM_THRESHOLDS.chainReadAgeMinutes} minutes`,
      chainReadAge,
      {
        threshold: ALARM_THRESHOLDS.chainReadAgeMinutes,
        comparison: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      },
    );
    const chainReview = exchange('ChainReviewWaiting', 'Minimum', MINUTE);
    alarm(
      'ChainReviewWaiting',
      `USDT transfers have waited on the review list for ${ALARM_THRESHOLDS.chainReviewWaitingMinutes} minutes`,
      chainReview,
      {
        threshold: 1,
        comparison: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        periods: ALARM_THRESHOLDS.chainReviewWaitingMinutes,
      },
    );
    const stalePaused = exchange('DirectionsPausedStale', 'Minimum', MINUTE);
    alarm(
      'RatesStale',
      `A feed direction has been paused for a stale market price for ${ALARM_THRESHOLDS.staleRatesMinutes} minutes`,
      stalePaused,
      {
        threshold: 1,
        comparison: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        periods: ALARM_THRESHOLDS.staleRatesMinutes,
      },
    );
    for (const [key, worker] of Object.entries(props.workers)) {
      const stream = STREAM_ALARMS[worker.source.kind];
      if (!stream) continue;
      alarm(
        stream.id,
        stream.description,
        new Metric({
          namespace: 'AWS/Lambda',
          metricName: 'IteratorAge',
          dimensionsMap: { FunctionName: workerFunctionName(config.stage, key) },
          statistic: 'Maximum',
          period: FIVE_MINUTES,
        }),
        { threshold: stream.thresholdMs },
      );
    }
    // Each request that carried the previous secret reports the minutes since the rotation, so one
    // late report is enough. Counting those requests over 12 periods of 5 minutes never fired: the
    // authorizer's answers are cached 5 minutes per value, so some periods had none, and a period
    // without data (not breaching) broke the run. A quiet period now means nothing stale was seen.
    alarm(
      'OriginSecretStale',
      `CloudFront still sends the previous origin secret ${ALARM_THRESHOLDS.originSecretStaleMinutes} minutes after the rotation: deploy the web stack with the new version`,
      exchange('OriginSecretPreviousMinutes', 'Maximum', FIVE_MINUTES),
      {
        threshold: ALARM_THRESHOLDS.originSecretStaleMinutes,
        comparison: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      },
    );

    const ses = (metricName: string) =>
      new Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.minutes(15) });
    alarm(
      'SesBounceRate',
      `SES bounce rate above ${ALARM_THRESHOLDS.sesBounceRate * 100} % (SES reviews the account at 5 %)`,
      ses('Reputation.BounceRate'),
      { threshold: ALARM_THRESHOLDS.sesBounceRate },
    );
    alarm(
      'SesComplaintRate',
      `SES complaint rate above ${ALARM_THRESHOLDS.sesComplaintRate * 100} % (SES reviews at 0.1 %, pauses at 0.5 %)`,
      ses('Reputation.ComplaintRate'),
      { threshold: ALARM_THRESHOLDS.sesComplaintRate },
    );
    // SES publishes no share of its quota. Its quota is the mails of the last 24 hours, and an
    // alarm's window slides (it ends at each evaluation), so a one-day sum of its sends is that.
    const sesQuota = config.sesSendingQuota ?? SES_SANDBOX_QUOTA;
    const sentInADay = new Metric({
      namespace: 'AWS/SES',
      metricName: 'Send',
      statistic: 'Sum',
      period: DAY,
    });
    alarm(
      'SesQuotaUse',
      `SES sent more than ${ALARM_THRESHOLDS.sesQuotaPercent} % of its sending quota (${sesQuota} a day, -c sesSendingQuota) in the last 24 hours`,
      sentInADay,
      { threshold: (sesQuota * ALARM_THRESHOLDS.sesQuotaPercent) / 100 },
    );

    // AWS Backup's failed and aborted backup and copy jobs (the daily backup and its copy to the
    // backup region, both jobs of this region), by event: found without the vault's name.
    if (config.settings.backup) {
      new Rule(this, 'BackupJobsFailed', {
        description:
          'AWS Backup jobs (the daily backup, its copy to the backup region) that did not complete',
        eventPattern: {
          source: ['aws.backup'],
          detailType: ['Backup Job State Change', 'Copy Job State Change'],
          detail: { state: ['FAILED', 'ABORTED', 'EXPIRED', 'PARTIAL'] },
        },
        targets: [
          new SnsTopic(this.topic, {
            message: RuleTargetInput.fromText(
              `BackupJobsFailed: ${EventField.detailType} ${EventField.fromPath('$.detail.state')} ` +
                `in ${EventField.region} (${EventField.fromPath('$.resources')}): ` +
                `${EventField.fromPath('$.detail.statusMessage')}`,
            ),
          }),
        ],
      });
    }

    // The us-east-1 alarms' state changes, forwarded to this region's default bus, to the same topic.
    new Rule(this, 'EdgeAlarms', {
      description: 'State changes of the us-east-1 alarms (CloudFront, WAF), to the alarm topic',
      eventPattern: {
        source: ['aws.cloudwatch'],
        detailType: ['CloudWatch Alarm State Change'],
        detail: { alarmName: [{ prefix: props.edgeAlarmPrefix }] },
      },
      targets: [
        new SnsTopic(this.topic, {
          message: RuleTargetInput.fromText(
            `${EventField.fromPath('$.detail.alarmName')} is ${EventField.fromPath('$.detail.state.value')} ` +
              `in ${EventField.fromPath('$.region')}: ${EventField.fromPath('$.detail.state.reason')}`,
          ),
        }),
      ],
    });

    const business = (metricName: string, dimensionsMap?: Record<string, string>) =>
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName,
        dimensionsMap,
        statistic: 'Sum',
        period: Duration.hours(1),
        label: dimensionsMap ? Object.values(dimensionsMap).join(' ') : metricName,
      });
    const dashboard = new Dashboard(this, 'Dashboard', { dashboardName: `exchange-${config.stage}` });
    dashboard.addWidgets(new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24 }));
    dashboard.addWidgets(
      new GraphWidget({
        title: 'API requests, 4xx, 429 and 5xx',
        left: [requests],
        right: [clientErrors, throttledRequests, serverErrors],
      }),
      new GraphWidget({
        title: 'Lambda errors and throttles',
        left: [lambda('Errors'), lambda('Throttles')],
      }),
      new GraphWidget({ title: 'API p95 latency (ms)', left: [latencyP95] }),
      new GraphWidget({ title: 'Lambda concurrency claimed (% of the quota)', left: [concurrencyClaimed] }),
      // One widget each: both expressions name their metrics by operation, and ids must differ in a widget.
      new GraphWidget({ title: 'DynamoDB throttled requests', left: [dynamoThrottles] }),
      new GraphWidget({ title: 'DynamoDB system errors', left: [dynamoSystemErrors] }),
    );
    dashboard.addWidgets(
      new GraphWidget({ title: 'Dead-letter queues', left: deadLetterDepths }),
      new GraphWidget({ title: 'Job runs that finished', left: heartbeats }),
      new GraphWidget({
        title: 'Oldest unsent mail and Telegram item (minutes), stale feed directions',
        // Telegram's on the graph, not alarmed: a chat's pace defers items by design.
        left: [oldestUnsentMail, exchange('OldestUnsentTelegramMinutes', 'Maximum', FIVE_MINUTES)],
        right: [stalePaused],
      }),
      new GraphWidget({
        title: 'SES bounce and complaint rates',
        left: [ses('Reputation.BounceRate'), ses('Reputation.ComplaintRate')],
      }),
      new GraphWidget({
        title: 'SES sends in 24 hours, against the quota',
        left: [sentInADay],
        leftAnnotations: [{ value: sesQuota, label: 'sending quota' }],
      }),
      new GraphWidget({ title: 'WebSocket 5xx answers (live push)', left: [liveServerErrors] }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'Applications created and failed logins (per hour)',
        left: [business('ApplicationsCreated'), business('FailedLogins')],
      }),
      new GraphWidget({
        title: 'Status changes by status (per hour)',
        left: APPLICATION_STATUSES.map((status) => business('StatusChanges', { Status: status })),
      }),
      new GraphWidget({
        title: 'Mails queued, sent, failed and suppressed (per hour)',
        left: [
          business('MailsQueued'),
          business('MailsSent'),
          business('MailsFailed'),
          business('MailsSuppressed'),
        ],
      }),
      new GraphWidget({
        title: 'Telegram items sent and failed (per hour)',
        left: [business('TelegramSent'), business('TelegramFailed')],
      }),
    );
  }
}

interface AlarmOptions {
  threshold?: number;
  comparison?: ComparisonOperator;
  periods?: number;
  /** Of `periods`, how many must breach (all by default). */
  datapoints?: number;
  missing?: TreatMissingData;
}

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
