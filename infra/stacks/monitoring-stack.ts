import { METRICS_NAMESPACE } from '@functions/commons/metrics';
import { APPLICATION_STATUSES } from '@shared/enums';
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
import { type ITable, Operation } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { ServiceConfig } from './service-config';

export interface MonitoringStackProps extends StackProps {
  readonly config: ServiceConfig;
  readonly httpApi: IHttpApi;
  readonly table: ITable;
  /** The expiry job; absent while the manifest has no jobs. */
  readonly expiryJob?: IFunction;
  readonly deadLetterQueues: readonly IQueue[];
}

const FIVE_MINUTES = Duration.minutes(5);
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
/** The expiry job's schedule (functions/routes/manifest.ts): one period per run. */
const JOB_PERIOD = Duration.minutes(15);

/**
 * The alarms, their SNS topic (mailed to `-c alarmEmail=…`) and one dashboard with the same
 * figures plus the business metrics the functions write as EMF lines (docs/operations.md).
 * Lambda figures are the region's totals: a stage has its account to itself (docs/decisions.md).
 */
export class MonitoringStack extends Stack {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    const { config } = props;
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
        treatMissingData: options.missing ?? TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(new SnsAction(this.topic));
      created.addOkAction(new SnsAction(this.topic));
      this.alarms.push(created);
      return created;
    };

    const requests = props.httpApi.metricCount({ period: FIVE_MINUTES });
    const serverErrors = props.httpApi.metricServerError({ period: FIVE_MINUTES });
    alarm(
      'Api5xxRate',
      'More than 5 % of API requests answered 5xx in 5 minutes (at least 20 requests)',
      new MathExpression({
        expression: 'IF(requests >= 20, 100 * errors / requests, 0)',
        usingMetrics: { requests, errors: serverErrors },
        period: FIVE_MINUTES,
        label: 'API 5xx %',
      }),
      { threshold: 5 },
    );

    const lambda = (metricName: string) =>
      new Metric({ namespace: 'AWS/Lambda', metricName, statistic: 'Sum', period: FIVE_MINUTES });
    alarm('LambdaErrors', 'A function failed (any function of the stage)', lambda('Errors'));
    alarm('LambdaThrottles', 'A function invocation was throttled', lambda('Throttles'));

    const dynamoThrottles = props.table.metricThrottledRequestsForOperations({
      operations: TABLE_OPERATIONS,
      period: FIVE_MINUTES,
    });
    const dynamoSystemErrors = props.table.metricSystemErrorsForOperations({
      operations: TABLE_OPERATIONS,
      period: FIVE_MINUTES,
    });
    alarm('DynamoThrottles', 'DynamoDB throttled requests on the table', dynamoThrottles);
    alarm('DynamoSystemErrors', 'DynamoDB answered with system errors', dynamoSystemErrors);

    const deadLetterDepths = props.deadLetterQueues.map((queue, index) => {
      const depth = queue.metricApproximateNumberOfMessagesVisible({
        period: FIVE_MINUTES,
        statistic: 'Maximum',
      });
      alarm(`DeadLetters${index + 1}`, `Messages wait in the dead-letter queue ${queue.node.path}`, depth);
      return depth;
    });

    const jobMetrics: IMetric[] = [];
    if (props.expiryJob) {
      const runs = props.expiryJob.metricInvocations({ period: JOB_PERIOD, statistic: 'Sum' });
      const failures = props.expiryJob.metricErrors({ period: JOB_PERIOD, statistic: 'Sum' });
      alarm('ExpiryJobFailing', 'The expiry job failed', failures);
      alarm(
        'ExpiryJobNotSucceeding',
        'The expiry job has not succeeded for 2 periods in a row',
        new MathExpression({
          expression: 'FILL(runs, 0) - FILL(failures, 0)',
          usingMetrics: { runs, failures },
          period: JOB_PERIOD,
          label: 'successful runs',
        }),
        {
          threshold: 1,
          comparison: ComparisonOperator.LESS_THAN_THRESHOLD,
          periods: 2,
          missing: TreatMissingData.BREACHING,
        },
      );
      jobMetrics.push(runs, failures);
    }

    const ses = (metricName: string) =>
      new Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.minutes(15) });
    alarm('SesBounceRate', 'SES bounce rate above 5 %', ses('Reputation.BounceRate'), { threshold: 0.05 });
    alarm('SesComplaintRate', 'SES complaint rate above 0.1 %', ses('Reputation.ComplaintRate'), {
      threshold: 0.001,
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
      new GraphWidget({ title: 'API requests and 5xx', left: [requests], right: [serverErrors] }),
      new GraphWidget({
        title: 'Lambda errors and throttles',
        left: [lambda('Errors'), lambda('Throttles')],
      }),
      // One widget each: both expressions name their metrics by operation, and ids must differ in a widget.
      new GraphWidget({ title: 'DynamoDB throttled requests', left: [dynamoThrottles] }),
      new GraphWidget({ title: 'DynamoDB system errors', left: [dynamoSystemErrors] }),
    );
    dashboard.addWidgets(
      new GraphWidget({ title: 'Dead-letter queues', left: deadLetterDepths }),
      new GraphWidget({ title: 'Expiry job runs and failures', left: jobMetrics }),
      new GraphWidget({
        title: 'SES bounce and complaint rates',
        left: [ses('Reputation.BounceRate'), ses('Reputation.ComplaintRate')],
      }),
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
    );
  }
}

interface AlarmOptions {
  threshold?: number;
  comparison?: ComparisonOperator;
  periods?: number;
  missing?: TreatMissingData;
}
