import { logger } from './logger';

/** CloudWatch namespace of the business and health figures; the monitoring stack reads it. */
export const METRICS_NAMESPACE = 'Exchange';

/** Counted events (docs/operations.md "Reading an alarm"), each a count. */
export type CountedMetric =
  | 'ApplicationsCreated'
  | 'StatusChanges'
  | 'FailedLogins'
  | 'MailsQueued'
  | 'MailsSent'
  | 'MailsFailed'
  | 'MailsSuppressed'
  /** The outbox's Telegram channel: Bot API calls made, and refused or not answered. */
  | 'TelegramSent'
  | 'TelegramFailed'
  /** A scheduled job's run that finished (dimension `Job`): the jobs' heartbeat alarms. */
  | 'JobSucceeded'
  /** A scheduled job's run that found another run working and did nothing (dimension `Job`). */
  | 'JobSkipped'
  /** A request answered 500 (dimensions `FunctionName`, `Version`): the canary's rollback alarm. */
  | 'ServerErrors';

/** Measured levels, each written by the job or function that looks at them. */
export type GaugeMetric =
  /** Age of the oldest outbox mail not yet sent (0 with none): the re-drive job, every 5 minutes. */
  | 'OldestUnsentMailMinutes'
  /** Age of the oldest Telegram item not yet sent (0 with none): the re-drive job, every 5 minutes. */
  | 'OldestUnsentTelegramMinutes'
  /** Feed directions paused because their market price is out of date: the rates job, every minute. */
  | 'DirectionsPausedStale'
  /** Minutes since the receiving wallet read longest ago was last read whole: the chain watcher. */
  | 'ChainReadAgeMinutes'
  /** USDT transfers the chain watcher left for staff to review: the chain watcher, every run. */
  | 'ChainReviewWaiting'
  /**
   * Minutes since the origin secret was rotated, each time the origin authorizer accepts the
   * previous value (CloudFront not yet moved to the new one): the stale-secret alarm.
   */
  | 'OriginSecretPreviousMinutes';

const GAUGE_UNITS: Readonly<Record<GaugeMetric, 'Count' | 'None'>> = {
  OldestUnsentMailMinutes: 'None',
  OldestUnsentTelegramMinutes: 'None',
  DirectionsPausedStale: 'Count',
  ChainReadAgeMinutes: 'None',
  ChainReviewWaiting: 'Count',
  OriginSecretPreviousMinutes: 'None',
};

/**
 * One CloudWatch embedded-metric-format log line: CloudWatch Logs turns it into a metric, so it
 * costs no API call and no latency. Written whatever LOG_LEVEL is (a stage raised to WARN would
 * otherwise fire every heartbeat alarm and blind the canaries); `METRICS=off` (the local stack's
 * default) and the tests' SILENT keep it back.
 */
function writeMetric(name: string, unit: string, value: number, dimensions: Record<string, string>): void {
  if (process.env.METRICS === 'off') return;
  logger.metric(`metric ${name}`, {
    _aws: {
      Timestamp: Date.now(),
      CloudWatchMetrics: [
        {
          Namespace: METRICS_NAMESPACE,
          Dimensions: [Object.keys(dimensions)],
          Metrics: [{ Name: name, Unit: unit }],
        },
      ],
    },
    ...dimensions,
    [name]: value,
  });
}

/** Counts one event. */
export function countMetric(name: CountedMetric, dimensions: Record<string, string> = {}): void {
  writeMetric(name, 'Count', 1, dimensions);
}

/** Records a level as it is now. */
export function gaugeMetric(name: GaugeMetric, value: number, dimensions: Record<string, string> = {}): void {
  writeMetric(name, GAUGE_UNITS[name], value, dimensions);
}
