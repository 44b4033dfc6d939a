/** Business constants and limits of docs/product.md §9, in one place for the functions and the web. */
export const TICKER_REFRESH_MS = 60_000;
/** How long CloudFront (and the browser) keep `GET /api/market/ticker`'s answer. */
export const TICKER_CACHE_SECONDS = 60;
/** How long CloudFront (and a monitor) keep `GET /api/export/rates.xml`. */
export const RATES_EXPORT_CACHE_SECONDS = 30;
export const TICKER_COINS = [
  'bitcoin',
  'ethereum',
  'binancecoin',
  'solana',
  'ripple',
  'cardano',
  'dogecoin',
  'polkadot',
  'litecoin',
] as const;
/**
 * The coins an operator may put in the ticker (the market-data provider's ids), in this order of
 * choice; `TICKER_COINS` until they choose (docs/product.md "Pages staff edit"). TRON is the chain
 * the office pays USDT on; Toncoin is what many of its clients hold.
 */
export const TICKER_COIN_CHOICES = [...TICKER_COINS, 'tron', 'the-open-network', 'avalanche-2'] as const;
export type TickerCoinChoice = (typeof TICKER_COIN_CHOICES)[number];
/** The longest Markdown one block of the pages staff edit takes (a long terms page is about 30,000 characters). */
export const SITE_BLOCK_MARKDOWN_MAX = 60_000;

export const TELEGRAM_CONTACT_MIN_LENGTH = 3;
/** Longest text of an individual request, a staff note on an application, a staff comment on a user. */
export const DETAILS_MAX_LENGTH = 2000;
export const ADMIN_NOTE_MAX_LENGTH = 2000;
export const ADMIN_COMMENT_MAX_LENGTH = 2000;
/** Largest reserve or alert level staff may type (the amounts of applications stop at 1e12 too). */
export const MAX_RESERVE = 1e12;
/** Reserves one PUT /admin/reserves may change (they are written in one transaction with the audit). */
export const MAX_RESERVE_CHANGES = 60;
/** Currencies and directions one PUT /admin/rates may change. */
export const MAX_RATE_CHANGES = 60;
/**
 * Payment templates (docs/operations.md "Payment templates"): a label of up to 100 characters,
 * details of up to 2,000 (as long as the instructions they start), at most 200 templates in all.
 */
export const PAYMENT_TEMPLATE_LABEL_MAX_LENGTH = 100;
export const PAYMENT_TEMPLATE_DETAILS_MAX_LENGTH = 2000;
export const MAX_PAYMENT_TEMPLATES = 200;
export const BASE_FIAT_CURRENCIES = ['USD', 'EUR', 'RUB'] as const;
export const CRYPTO_ASSET = 'usdt-trc20';

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const MINIMUM_AGE = 18;

export const REFERRAL_COOKIE_DAYS = 7;
export const PROFILE_APPLICATIONS_LIMIT = 10;
export const ADMIN_PAGE_SIZE = 10;
export const PAGINATION_WINDOW = 5;

/**
 * The transaction history (docs/product.md §2): a period of at most 366 days, the last 30 by
 * default; pages of up to 100 movements, 50 by default; the CSV stops at 10,000 rows or 5 MB,
 * whichever comes first, and says so in its last line (Lambda answers at most 6 MB).
 */
export const TRANSACTIONS_MAX_PERIOD_DAYS = 366;
export const TRANSACTIONS_DEFAULT_PERIOD_DAYS = 30;
export const TRANSACTIONS_PAGE_LIMIT = { default: 50, max: 100 } as const;
export const TRANSACTIONS_CSV_MAX_ROWS = 10_000;
export const TRANSACTIONS_CSV_MAX_BYTES = 5_000_000;

/**
 * The operator's blacklists (docs/product.md "Blacklists"): a card's holder name and an entry's
 * reason at most this long; a list is read in pages of up to 100 entries, 50 by default.
 */
export const BLACKLIST_HOLDER_MAX_LENGTH = 100;
export const BLACKLIST_REASON_MAX_LENGTH = 500;
export const BLACKLIST_PAGE_LIMIT = { default: 50, max: 100 } as const;

/**
 * The security audit log (docs/product.md §2): pages of up to 100 entries, 50 by default, over a
 * period of days like the transaction history's; a page reads at most this many days' partitions
 * (one Query each) before it answers what it found with a cursor to go on from.
 */
export const SECURITY_AUDIT_PAGE_LIMIT = { default: 50, max: 100 } as const;
export const SECURITY_AUDIT_QUERIES_PER_PAGE = 40;

export const RESET_PASSWORD_REDIRECT_MS = 3000;
export const VERIFY_EMAIL_REDIRECT_MS = 2500;
export const CANCEL_CONFIRM_TOAST_MS = 10_000;
export const LONG_PRESS_MS = 500;

export const TOAST_DURATION_MS = {
  error: 4000,
  blank: 4000,
  custom: 4000,
  success: 2000,
  loading: Number.POSITIVE_INFINITY,
} as const;
export const TOAST_LIMIT = 20;

export const CAROUSEL_BREAKPOINTS_PX = { two: 768, three: 1024 } as const;
export const ADMIN_DRAWER_BREAKPOINT_PX = 1024;

export const APPLICATION_ID_DISPLAY_LENGTH = 8;
export const ADMIN_APPLICATION_ID_DISPLAY_LENGTH = 12;

export const ORIGIN_FUNDS_VALUE = 'N/A';
export const FROZEN_FUNDS_DOCUMENTATION_DAYS = 14;
export const LANGUAGE_STORAGE_KEY = 'language';
export const AUTH_TOKEN_STORAGE_KEY = 'authToken';
export const REFRESH_TOKEN_STORAGE_KEY = 'refreshToken';

/**
 * System settings the product reads, with their kind, default (seeded once) and who may change them.
 * A setting holds a number, an email address, a token, a Telegram chat id or a limit, where ''
 * means none (docs/architecture.md §4). `minRole` is the lowest role that may change it (the settings routes
 * need ADMIN): security and notification settings are SUPER_ADMIN's; a `secret` one's value is
 * also withheld from the roles below it (docs/architecture.md §6).
 */
export const SETTING_KEYS = [
  'minApplicationAmountUSD',
  'applicationExpiryHours',
  'staffMfaRequired',
  'quoteLockMinutes',
  'staffNotifyEmail',
  'ratesExportToken',
  'paymentWindowMinutes',
  'topUpWindowMinutes',
  'telegramStaffChatId',
  'businessTimeZone',
  'reportingCurrency',
  'holdReviewHours',
  'amlCheckCostUSD',
  'amlRiskThreshold',
  'amlMaxAttempts',
  'limitEmailPerApplicationUSD',
  'limitEmailPerDayUSD',
  'limitEmailPer30DaysUSD',
  'limitCardPerApplicationUSD',
  'limitCardPerDayUSD',
  'limitCardPer30DaysUSD',
  'limitIdentityPerApplicationUSD',
  'limitIdentityPerDayUSD',
  'limitIdentityPer30DaysUSD',
  'firstDealsCount',
  'firstDealsCapUSD',
  'limitPerIpPerDayUSD',
  'limitPerCardPerDayUSD',
  'verificationPhotoRetentionDays',
  'bestChangeExchangerId',
  'partnerShareOfProfitPercent',
  'partnerShareOfVolumePercent',
  'partnerPayoutMinimumUSDT',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];
interface SettingAccess {
  description: string;
  minRole: 'ADMIN' | 'SUPER_ADMIN';
  /** Grants access by its value (a token): only `minRole` and above read it. */
  secret?: true;
}
type SettingDefinition =
  | ({ kind: 'number'; value: number } & SettingAccess)
  | ({ kind: 'email'; value: string } & SettingAccess)
  | ({ kind: 'token'; value: string } & SettingAccess)
  /** A Telegram chat id ("-1001234567890"), kept as text: '' means none. */
  | ({ kind: 'telegramChat'; value: string } & SettingAccess)
  /** An IANA time zone ("Europe/Moscow") that Intl knows. */
  | ({ kind: 'timeZone'; value: string } & SettingAccess)
  /** The one currency the reports also give every figure in: RUB or USDT. */
  | ({ kind: 'reportingCurrency'; value: string } & SettingAccess)
  /** A limit in USD, kept as exact decimal text ("1000", "299.99"): '' means no limit (shared/limits.ts). */
  | ({ kind: 'limitUSD'; value: string } & SettingAccess);
export type SettingKind = SettingDefinition['kind'];

/** A limit of the verification tiers (shared/limits.ts): an ADMIN's, in USD, '' for none. */
function limitSetting(value: string, description: string) {
  return { kind: 'limitUSD', value, description, minRole: 'ADMIN' } as const;
}

export const SETTING_DEFAULTS = {
  minApplicationAmountUSD: {
    kind: 'number',
    value: 100,
    description: 'Minimum application amount, in USD',
    minRole: 'ADMIN',
  },
  applicationExpiryHours: {
    kind: 'number',
    value: 24,
    description: 'Hours after which a PENDING application expires',
    minRole: 'ADMIN',
  },
  staffMfaRequired: {
    kind: 'number',
    value: 1,
    description: 'Staff must use a second factor (TOTP): 1 = required, 0 = optional',
    minRole: 'SUPER_ADMIN',
  },
  verificationPhotoRetentionDays: {
    kind: 'number',
    value: 90,
    description: 'Days a decided verification request keeps its photos before the retention job deletes them',
    minRole: 'ADMIN',
  },
  quoteLockMinutes: {
    kind: 'number',
    value: 30,
    description: "Minutes a standard application's quoted rate is guaranteed",
    minRole: 'ADMIN',
  },
  staffNotifyEmail: {
    kind: 'email',
    value: '',
    description: 'Staff address mailed about every new application (empty: no mail)',
    minRole: 'SUPER_ADMIN',
  },
  ratesExportToken: {
    kind: 'token',
    value: '',
    description: 'Token the rate monitors add to /api/export/rates.xml?token=… (empty: the file is public)',
    minRole: 'SUPER_ADMIN',
    secret: true,
  },
  paymentWindowMinutes: {
    kind: 'number',
    value: 30,
    description:
      'Minutes a client has to pay once payment instructions are issued (staff may give one application longer)',
    minRole: 'ADMIN',
  },
  topUpWindowMinutes: {
    kind: 'number',
    value: 60,
    description: 'Minutes a client who paid short has to send the rest, once staff choose to wait for it',
    minRole: 'ADMIN',
  },
  telegramStaffChatId: {
    kind: 'telegramChat',
    value: '',
    description:
      'The staff group chat the Telegram bot alerts about new applications and payments (empty: none)',
    minRole: 'SUPER_ADMIN',
  },
  businessTimeZone: {
    kind: 'timeZone',
    value: 'Europe/Moscow',
    description:
      "The business's time zone (IANA): its days on the dashboard and in the transaction history, the times in mails, Telegram and exports",
    minRole: 'SUPER_ADMIN',
  },
  reportingCurrency: {
    kind: 'reportingCurrency',
    value: 'RUB',
    description:
      'The currency the reports also give turnover and profit in, over all currencies: RUB or USDT',
    minRole: 'ADMIN',
  },
  holdReviewHours: {
    kind: 'number',
    value: 24,
    description: 'Hours within which staff check a held payment: the client is told when to expect an answer',
    minRole: 'ADMIN',
  },
  amlCheckCostUSD: {
    kind: 'number',
    value: 0,
    description: "The AML provider's price of one check, in USD (counted per month on the security page)",
    minRole: 'ADMIN',
  },
  amlRiskThreshold: {
    kind: 'number',
    value: 50,
    description:
      'AML risk score (0–100) above which a USDT payment is held for staff; at or below it proceeds',
    minRole: 'ADMIN',
  },
  amlMaxAttempts: {
    kind: 'number',
    value: 5,
    description: 'Failed tries of an AML check (provider down) before staff see the payment as "not checked"',
    minRole: 'ADMIN',
  },
  // The verification tiers' limits (docs/product.md "Verification and limits"), on each
  // application's USD value at its quote (docs/decisions.md).
  limitEmailPerApplicationUSD: limitSetting('1000', 'Email tier: most one application may be worth, in USD'),
  limitEmailPerDayUSD: limitSetting(
    '3000',
    "Email tier: most a client's applications may be worth in a business day, in USD",
  ),
  limitEmailPer30DaysUSD: limitSetting(
    '10000',
    "Email tier: most a client's applications may be worth in 30 business days, in USD",
  ),
  limitCardPerApplicationUSD: limitSetting(
    '5000',
    'Verified card tier: most one application may be worth, in USD',
  ),
  limitCardPerDayUSD: limitSetting(
    '10000',
    "Verified card tier: most a client's applications may be worth in a business day, in USD",
  ),
  limitCardPer30DaysUSD: limitSetting(
    '50000',
    "Verified card tier: most a client's applications may be worth in 30 business days, in USD",
  ),
  limitIdentityPerApplicationUSD: limitSetting(
    '20000',
    'Identity tier: most one application may be worth, in USD',
  ),
  limitIdentityPerDayUSD: limitSetting(
    '50000',
    "Identity tier: most a client's applications may be worth in a business day, in USD",
  ),
  limitIdentityPer30DaysUSD: limitSetting(
    '200000',
    "Identity tier: most a client's applications may be worth in 30 business days, in USD",
  ),
  partnerShareOfProfitPercent: {
    kind: 'number',
    value: 0,
    description:
      "A partner's share of the profit of each deal they brought (through their ?ref= link), in percent, booked in USDT at completion (0: none)",
    minRole: 'ADMIN',
  },
  partnerShareOfVolumePercent: {
    kind: 'number',
    value: 0,
    description:
      "A partner's share of the USDT volume of each deal they brought, in percent, booked at completion (0: none)",
    minRole: 'ADMIN',
  },
  partnerPayoutMinimumUSDT: {
    kind: 'number',
    value: 10,
    description: 'The least USDT a partner may ask to be paid out at once',
    minRole: 'ADMIN',
  },
  bestChangeExchangerId: {
    kind: 'number',
    value: 0,
    description:
      "The exchange's own exchanger id on BestChange (0: not listed): its line is no competitor when a direction holds a place",
    minRole: 'ADMIN',
  },
  firstDealsCount: {
    kind: 'number',
    value: 1,
    description: "How many of a client's first deals (until that many are completed) have the lower cap",
    minRole: 'ADMIN',
  },
  firstDealsCapUSD: limitSetting(
    '300',
    "Most one application may be worth while the client's first deals are not completed, in USD",
  ),
  limitPerIpPerDayUSD: limitSetting(
    '10000',
    'Most the applications made from one IP address may be worth in a business day, in USD',
  ),
  limitPerCardPerDayUSD: limitSetting(
    '10000',
    'Most the applications paid from or to one card may be worth in a business day, in USD',
  ),
} satisfies Record<SettingKey, SettingDefinition>;
/** The type of a setting's value: number or string, by its kind. */
export type SettingValue<K extends SettingKey> = (typeof SETTING_DEFAULTS)[K]['value'];

/**
 * How a direction is priced: it follows staff's currency values (`manual`) or the rates job's feed
 * prices (`feed`), lowered by its markup, or it is `fixed` at the rate staff typed.
 */
export const RATE_SOURCES = ['manual', 'feed', 'fixed'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

/**
 * The AML settings' ranges (docs/architecture.md "AML adapter and stand-in"): a check's price in USD
 * with at most `costDecimals` decimals, the hold threshold as a score 0–100 with at most
 * `thresholdDecimals`, and the failed tries before staff decide.
 */
export const AML_SETTING_LIMITS = {
  maxCostUSD: 1000,
  costDecimals: 4,
  thresholdDecimals: 2,
  maxAttempts: 100,
} as const;

/** The payment window staff may give one application, in minutes (the setting's range too). */
export const PAYMENT_WINDOW_MINUTES = { min: 1, max: 1440 } as const;
/** Longest payment instructions, and a note staff add to a confirmation, payout or refund. */
export const INSTRUCTIONS_MAX_LENGTH = 2000;
export const DEAL_NOTE_MAX_LENGTH = 500;

/** Limits the API enforces on every request. */
export const MAX_REQUEST_BODY_BYTES = 16 * 1024;
