import { logger } from './logger';

/** CloudWatch namespace of the business figures; the monitoring stack's dashboard reads it. */
export const METRICS_NAMESPACE = 'Exchange';

/** The business figures (docs/operations.md "Reading an alarm"), each a count. */
export type BusinessMetric =
  | 'ApplicationsCreated'
  | 'StatusChanges'
  | 'FailedLogins'
  | 'MailsQueued'
  | 'MailsSent'
  | 'MailsFailed'
  | 'MailsSuppressed';

/**
 * Counts one event as a CloudWatch embedded-metric-format log line: CloudWatch Logs turns it into
 * a metric, so it costs no API call and no latency. Written at INFO level, like the logs (the
 * local stack's WARN and the tests' SILENT keep it quiet).
 */
export function countMetric(name: BusinessMetric, dimensions: Record<string, string> = {}): void {
  logger.info(`metric ${name}`, {
    _aws: {
      Timestamp: Date.now(),
      CloudWatchMetrics: [
        {
          Namespace: METRICS_NAMESPACE,
          Dimensions: [Object.keys(dimensions)],
          Metrics: [{ Name: name, Unit: 'Count' }],
        },
      ],
    },
    ...dimensions,
    [name]: 1,
  });
}
