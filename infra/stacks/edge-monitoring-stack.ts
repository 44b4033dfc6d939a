import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { EventBus, Rule } from 'aws-cdk-lib/aws-events';
import { EventBus as EventBusTarget } from 'aws-cdk-lib/aws-events-targets';
import type { Construct } from 'constructs';
import type { ServiceConfig } from './service-config';

export interface EdgeMonitoringStackProps extends StackProps {
  readonly config: ServiceConfig;
  /** The distribution (web stack), by a cross-region reference. */
  readonly distributionId: string;
  /** The WAF web ACL's name (waf-stack.ts). */
  readonly webAclName: string;
  /** The region of the monitoring stack, whose default bus and topic take these alarms' state changes. */
  readonly alarmRegion: string;
}

const FIVE_MINUTES = Duration.minutes(5);

/** The prefix of the edge alarms' names, which the monitoring stack's rule matches. */
export function edgeAlarmPrefix(stage: string): string {
  return `exchange-${stage}-edge-`;
}

/** CloudFront 5xx answers in 5 minutes that raise the alarm (the API's own 5xx alarm sees fewer). */
export const CLOUDFRONT_5XX_COUNT = 5;

/**
 * The alarms on CloudFront and the WAF, whose metrics exist only in us-east-1, so they live there;
 * an alarm can only notify a topic of its own region, so their state changes go to the stage
 * region's default event bus, where the monitoring stack's rule sends them to the one alarm topic.
 */
export class EdgeMonitoringStack extends Stack {
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: EdgeMonitoringStackProps) {
    super(scope, id, props);
    const prefix = edgeAlarmPrefix(props.config.stage);
    const cloudFront = (metricName: string, statistic: string) =>
      new Metric({
        namespace: 'AWS/CloudFront',
        metricName,
        dimensionsMap: { DistributionId: props.distributionId, Region: 'Global' },
        statistic,
        period: FIVE_MINUTES,
        region: 'us-east-1',
      });
    this.alarms.push(
      new Alarm(this, 'CloudFront5xx', {
        alarmName: `${prefix}CloudFront5xx`,
        alarmDescription: `${CLOUDFRONT_5XX_COUNT} or more answers of the site were 5xx in 5 minutes (CloudFront)`,
        // The rate in percent times the requests: a count, which means something at launch volume.
        metric: new MathExpression({
          expression: 'FILL(requests, 0) * FILL(rate, 0) / 100',
          usingMetrics: {
            requests: cloudFront('Requests', 'Sum'),
            rate: cloudFront('5xxErrorRate', 'Average'),
          },
          period: FIVE_MINUTES,
          label: 'CloudFront 5xx answers',
        }),
        threshold: CLOUDFRONT_5XX_COUNT,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
      new Alarm(this, 'WafBlocks', {
        alarmName: `${prefix}WafBlocks`,
        alarmDescription: `The WAF blocked more than ${props.config.settings.waf.blockedAlarmPer5Minutes} requests in 5 minutes`,
        metric: new Metric({
          namespace: 'AWS/WAFV2',
          metricName: 'BlockedRequests',
          dimensionsMap: { WebACL: props.webAclName, Rule: 'ALL' },
          statistic: 'Sum',
          period: FIVE_MINUTES,
        }),
        threshold: props.config.settings.waf.blockedAlarmPer5Minutes,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );
    new Rule(this, 'ForwardAlarms', {
      description: "The edge alarms' state changes, to the stage region's default bus (its monitoring stack)",
      eventPattern: {
        source: ['aws.cloudwatch'],
        detailType: ['CloudWatch Alarm State Change'],
        detail: { alarmName: [{ prefix }] },
      },
      targets: [
        new EventBusTarget(
          EventBus.fromEventBusArn(
            this,
            'AlarmRegionBus',
            this.formatArn({
              service: 'events',
              region: props.alarmRegion,
              resource: 'event-bus',
              resourceName: 'default',
            }),
          ),
        ),
      ],
    });
  }
}
