import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

/** A request ceiling: steady requests per second and the burst above it. */
export interface RequestLimit {
  readonly rateLimit: number;
  readonly burstLimit: number;
}

/** CDK context a stage may require (`-c key=value`). */
export type StageContextKey =
  | 'siteUrl'
  | 'mailFrom'
  | 'adminEmail'
  | 'account'
  | 'alarmEmail'
  | 'siteDomain'
  | 'certificateArn'
  | 'apiCertificateArn';

/** Everything that differs between stages, in one place (docs/operations.md "Stages"). */
export interface StageSettings {
  /** Region of every stack but the WAF's (a CloudFront web ACL must live in us-east-1). */
  readonly region: string;
  /**
   * Context that must be given for the stage, with no default: synth stops with one line naming the
   * missing keys (a prod deploy must not mail links to example.com or skip its first administrator).
   */
  readonly required: readonly StageContextKey[];
  /** Placeholder context of a throw-away stage, so `cdk synth` works on a fresh clone. */
  readonly defaults: Partial<Record<StageContextKey, string>>;
  /**
   * Stateful resources (table, secret, buckets, log groups) on stack deletion. Prod retains them on
   * update and delete but not when a first create rolls back, so a failed first deploy can be retried.
   */
  readonly removalPolicy: RemovalPolicy;
  readonly tableDeletionProtection: boolean;
  readonly throttle: {
    /** The HTTP API stage: every route together. */
    readonly api: RequestLimit;
    /** Each of register, login, forgot-password and resend-verification (they hash or mail). */
    readonly authRoute: RequestLimit;
  };
  readonly memoryMb: {
    readonly default: number;
    /** Routes that run bcrypt: CPU grows with memory, so more memory costs about the same per request. */
    readonly passwordHashing: number;
  };
  readonly logLevel: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  /** Function and API access logs. */
  readonly logRetention: RetentionDays;
  readonly waf: {
    /** Rate-based rules: requests per client IP in any 5 minutes. */
    readonly sitePer5Minutes: number;
    readonly authPer5Minutes: number;
    /**
     * Days after `-c launchedOn=YYYY-MM-DD` during which the managed rule groups only count (their
     * false positives show in the logs without blocking anyone); without `launchedOn` they count.
     */
    readonly countDays: number;
    /** Blocked requests in 5 minutes that raise the WAF alarm. */
    readonly blockedAlarmPer5Minutes: number;
  };
  /** AWS Backup: a daily backup of the table, copied to a vault in another region. */
  readonly backup: { readonly copyRegion: string; readonly keepDays: number } | undefined;
}

export const STAGES = {
  dev: {
    region: 'eu-central-1',
    required: [],
    defaults: { siteUrl: 'https://exchange.example.com', mailFrom: 'no-reply@example.com' },
    removalPolicy: RemovalPolicy.DESTROY,
    tableDeletionProtection: false,
    throttle: { api: { rateLimit: 20, burstLimit: 40 }, authRoute: { rateLimit: 2, burstLimit: 5 } },
    memoryMb: { default: 512, passwordHashing: 1024 },
    logLevel: 'DEBUG',
    logRetention: RetentionDays.ONE_WEEK,
    waf: { sitePer5Minutes: 1000, authPer5Minutes: 100, countDays: 0, blockedAlarmPer5Minutes: 200 },
    backup: undefined,
  },
  prod: {
    region: 'eu-central-1',
    required: [
      'siteUrl',
      'mailFrom',
      'adminEmail',
      'account',
      'alarmEmail',
      'siteDomain',
      'certificateArn',
      'apiCertificateArn',
    ],
    defaults: {},
    removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    tableDeletionProtection: true,
    throttle: { api: { rateLimit: 50, burstLimit: 100 }, authRoute: { rateLimit: 5, burstLimit: 10 } },
    memoryMb: { default: 512, passwordHashing: 1024 },
    logLevel: 'INFO',
    logRetention: RetentionDays.THREE_MONTHS,
    waf: { sitePer5Minutes: 2000, authPer5Minutes: 100, countDays: 14, blockedAlarmPer5Minutes: 500 },
    backup: { copyRegion: 'eu-west-1', keepDays: 35 },
  },
} as const satisfies Record<string, StageSettings>;

export type StageName = keyof typeof STAGES;

export function isStageName(name: string): name is StageName {
  return Object.hasOwn(STAGES, name);
}
