import type * as z from 'zod/mini';
import {
  ADMIN_COMMENT_MAX_LENGTH,
  ADMIN_NOTE_MAX_LENGTH,
  AML_SETTING_LIMITS,
  BLACKLIST_HOLDER_MAX_LENGTH,
  BLACKLIST_REASON_MAX_LENGTH,
  DEAL_NOTE_MAX_LENGTH,
  DETAILS_MAX_LENGTH,
  INSTRUCTIONS_MAX_LENGTH,
  MAX_RATE_CHANGES,
  MAX_RESERVE,
  MAX_RESERVE_CHANGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PAYMENT_TEMPLATE_DETAILS_MAX_LENGTH,
  PAYMENT_TEMPLATE_LABEL_MAX_LENGTH,
  PAYMENT_WINDOW_MINUTES,
  SITE_BLOCK_MARKDOWN_MAX,
  TELEGRAM_CONTACT_MIN_LENGTH,
  TRANSACTIONS_MAX_PERIOD_DAYS,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from './constants';
import type { FieldError, RefusalParams } from './envelope';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_NAME_MAX_LENGTH,
  ATTACHMENTS_PER_MESSAGE,
  MESSAGE_TEXT_MAX_LENGTH,
} from './messages';
import { FIAT_DECIMALS } from './numbers';
import { CARD_BANK_MAX_LENGTH, CARD_HOLDER_MAX_LENGTH, VERIFICATION_REASON_MAX_LENGTH } from './verification';

/** Values a rule's text names (a length, an amount, a time), by name: `{{name}}` in its text. */
export type RuleParams = RefusalParams;

interface FieldRule {
  /** The English text, as the API sends it in `msg`; `{{name}}` stands for a param. */
  readonly text: string;
  /** The rule's own fixed values (limits from shared/constants.ts); a break may add more. */
  readonly params?: RuleParams;
}

/**
 * Every rule a field can break (docs/architecture.md §3), by its code: the schemas of
 * `shared/contract/` give the code as their zod message, the domain names it in `fieldError`, and
 * the API answers `{ path, param, code, msg, params? }`, so the web translates a field error by its
 * code (`errors.json` → `fields.<code>`) and never by the English text.
 */
export const FIELD_RULES = {
  // Accounts and profile
  required: { text: 'This field must be filled in' },
  invalidEmail: { text: 'Please enter a valid email address.' },
  usernameLength: {
    text: 'Username must be {{min}}-{{max}} characters long.',
    params: { min: USERNAME_MIN_LENGTH, max: USERNAME_MAX_LENGTH },
  },
  usernameCharacters: { text: 'Username may contain only letters, digits and underscore.' },
  passwordTooShort: {
    text: 'Password must be at least {{min}} characters long.',
    params: { min: PASSWORD_MIN_LENGTH },
  },
  passwordTooLong: {
    text: 'Password must be at most {{max}} characters long.',
    params: { max: PASSWORD_MAX_LENGTH },
  },
  passwordControlCharacters: { text: 'Password must not contain control characters.' },
  passwordBlank: { text: 'Password must not consist of spaces only.' },
  passwordTooCommon: { text: 'This password is one of the most common ones. Please choose another.' },
  identifierRequired: { text: 'Email or Username is required.' },
  allFieldsRequired: { text: 'All fields are required.' },
  invitationCodeInvalid: { text: 'Invitation code is invalid.' },
  emailTaken: { text: 'This email is already registered.' },
  emailInUse: { text: 'This email is already in use.' },
  usernameTaken: { text: 'This username is already taken.' },
  currentPasswordWrong: { text: 'Current password is incorrect.' },
  verificationPasswordWrong: {
    text: 'The password is not the one of this account. If you did not set it, use "Forgot password".',
  },
  photoNotOffered: { text: 'Choose one of the offered avatars.' },
  mfaCodeFormat: { text: 'Enter the 6-digit code from your authenticator app or a recovery code.' },
  mfaCodeWrong: { text: 'The code is wrong or has already been used.' },
  telegramTooShort: {
    text: 'Telegram contact must be at least {{min}} characters.',
    params: { min: TELEGRAM_CONTACT_MIN_LENGTH },
  },
  telegramFormat: { text: 'Telegram contact must be a username or a phone number.' },

  // Staff edits of users
  mustBeBoolean: { text: 'Must be true or false.' },
  commentTooLong: {
    text: 'Comment must be at most {{max}} characters.',
    params: { max: ADMIN_COMMENT_MAX_LENGTH },
  },

  // Applications
  amountInvalid: { text: 'Please enter the correct positive amount' },
  amountTooLarge: { text: 'Amount is too large.' },
  /** `decimals`: the source asset's (2 for fiat, 6 for USDT). */
  amountDecimals: { text: 'The amount may have at most {{decimals}} decimal places.' },
  detailsTooLong: {
    text: 'Details must be at most {{max}} characters.',
    params: { max: DETAILS_MAX_LENGTH },
  },
  idempotencyKeyFormat: { text: 'Use 8–100 letters, digits or _ . : - characters.' },
  visitSourceInvalid: { text: 'Where the visit came from is not in a form the site records.' },
  notAContinent: { text: 'Not a continent.' },
  countryNotInContinent: { text: 'The country is not in the chosen continent.' },
  cityNotInCountry: { text: 'The city is not in the chosen country.' },
  unknownLocation: { text: 'Unknown location.' },
  locationUnavailable: { text: 'This location is not available.' },
  applicationPair: { text: 'Exchange one fiat asset for usdt-trc20 or usdt-trc20 for one fiat asset.' },
  /** `offered`: the assets the country offers, comma-separated. */
  assetNotOffered: { text: 'Not offered in this country; choose one of {{offered}}.' },
  /** `amount` and `currency`: the smallest amount accepted; `amountUSD`: the setting it comes from. */
  amountBelowMinimum: { text: 'The minimum amount is {{amount}} {{currency}} ({{amountUSD}} USD).' },
  amountAboveMaximum: { text: 'The maximum amount is {{amount}} {{currency}}.' },
  amountAboveReserve: {
    text: 'The exchange can pay out at most {{amount}} {{currency}} now; lower the amount.',
  },
  /** `date`, `time`: when it opens, in the schedule's `timeZone`. */
  cashClosed: {
    text: 'Cash exchange in this city is closed now. It opens at {{date}} {{time}} ({{timeZone}}).',
  },
  cashClosedUntilNotice: { text: 'Cash exchange in this city is closed until further notice.' },
  cardClosed: { text: 'Card exchange is closed now. It opens at {{date}} {{time}} ({{timeZone}}).' },
  cardClosedUntilNotice: { text: 'Card exchange is closed until further notice.' },

  // Staff decisions on applications
  rejectionReasonRequired: { text: 'Reason for rejection required.' },
  networkFeeOnlyUsdt: { text: 'A network fee is kept only of a USDT refund.' },
  networkFeeAboveHeld: { text: 'The network fee must be less than what the deal holds.' },
  acceptExpiredQuoteOnlyCompleting: { text: 'acceptExpiredQuote applies only to COMPLETED.' },
  noteTooLong: { text: 'Note must be at most {{max}} characters.', params: { max: ADMIN_NOTE_MAX_LENGTH } },
  detailsChangeEmpty: { text: 'Send adminNote and/or assignedToId.' },
  assigneeNotStaff: { text: 'The assignee must be an active MANAGER, ADMIN or SUPER_ADMIN.' },
  assigneeOutsideScope: { text: "This deal is outside the assignee's cities and directions." },

  // Rates
  quotePair: { text: 'Exchange one fiat asset for usdt-trc20 or the reverse.' },
  directionPair: { text: 'A direction pairs one fiat asset with usdt-trc20.' },
  maxAmountBelowMin: { text: 'maxAmount is below minAmount.' },
  maxRateBelowMin: { text: 'maxRate is below minRate.' },
  ratesChangeEmpty: { text: 'Send at least one currency or direction.' },
  tooManyRateChanges: { text: 'At most {{max}} changes per request.', params: { max: MAX_RATE_CHANGES } },
  /** `decimals`: the number's own (a rate's, a percent's, a currency's). */
  decimalPlaces: { text: 'At most {{decimals}} decimal places.' },
  monitorCode: { text: "A monitors' code: 2-20 capital Latin letters and digits, such as SBERRUB." },
  typedRate: {
    text: 'Type the rate as it is shown: 1 of the dearer side = the figure, at most 2 decimals from 10 up, 4 below.',
  },
  typedRateRequired: {
    text: 'A fixed direction needs its typed rate (fixedRate), and only a fixed one has one.',
  },
  marketSources: { text: 'Name 1 to 3 different sources: usd-cross, usdt-market, central-bank.' },
  marketCoefficient: { text: 'A coefficient from 0.5 to 1.5 with at most 6 decimals, such as 1.015.' },
  sbpBanks: { text: 'Only a direction paying out card-RUB pays to SBP banks, each of the list once.' },
  positioningFigure: {
    text: 'A price of 1 USDT more than zero, with a dot and at most 8 decimals, such as 96.25.',
  },
  positioningCeilingBelowFloor: { text: 'The ceiling is below the floor.' },
  positioningUnit: { text: "The figures' unit is one of the direction's two currencies." },
  positioningCash: {
    text: 'Only a card or SBP direction can hold a place: BestChange lists cash by city.',
  },

  // Reserves
  reserveNegative: { text: 'Must be 0 or more.' },
  reserveTooLarge: { text: 'Must be at most {{max}}.', params: { max: MAX_RESERVE } },
  reservesEmpty: { text: 'Send at least one reserve.' },
  tooManyReserveChanges: {
    text: 'At most {{max}} changes per request.',
    params: { max: MAX_RESERVE_CHANGES },
  },
  /** `code`: the currency named twice. */
  reserveRepeated: { text: '{{code}} appears more than once.' },

  // Working hours
  openTime: { text: 'Use HH:MM, from 00:00 to 23:59.' },
  closeTime: { text: 'Use HH:MM, from 00:00 to 24:00.' },
  sameTimes: { text: 'Opening and closing times must differ (00:00–24:00 is the whole day).' },
  timeZone: { text: 'Unknown time zone: use an IANA name such as Europe/Moscow.' },
  cityCodeFormat: { text: 'Use 2–10 capital latin letters or digits, such as MSK.' },
  /** `city`: the key of the city that has the code. */
  cityCodeTaken: { text: 'Another city already has this code ({{city}}).' },

  // Settings
  settingNumber: { text: 'The value must be a number.' },
  settingEmail: { text: 'The value must be an email address, or empty for none.' },
  settingToken: { text: 'The value must be 16 to 64 letters, digits, - or _, or empty for none.' },
  settingTelegramChat: {
    text: 'The value must be a Telegram chat id (digits, a minus for a group), or empty for none.',
  },
  settingReportingCurrency: { text: 'The value must be RUB or USDT.' },
  settingLimit: {
    text: 'The value must be an amount in USD with at most 2 decimal places, or empty for no limit.',
  },
  settingDealCount: { text: 'The value must be a whole number of deals from 0 to 100.' },
  /** `max`: the setting's own most, in percent. */
  settingPartnerShare: { text: 'A percentage from 0 to {{max}}, with at most 4 decimals.' },
  partnerPercent: { text: 'A percentage from 0 to {{max}}, with at most 4 decimals.' },
  partnerDirectionTwice: { text: 'Each direction may have its terms once.' },
  partnerMonitorHost: { text: "A monitor's site as its address names it, such as bestchange.ru." },
  partnerMonitorHostTwice: { text: 'Each site once.' },
  partnerPayoutAmount: { text: 'An amount of USDT such as 25 or 25.5 (up to 6 decimals).' },
  partnerPayoutMinimum: { text: 'A payout is at least {{minimum}} USDT.' },
  partnerCodeFormat: { text: 'From 4 to 16 Latin letters and digits.' },
  partnerCodeTaken: { text: 'The code {{code}} is taken. Choose another.' },
  partnerPeriodTooLong: { text: 'At most {{max}} days at once.' },
  partnerKey: { text: 'The partner key goes in the X-Partner-Key header.' },
  siteBlock: { text: "Choose one of the site's blocks." },
  siteBlockMarkdown: {
    text: 'The text may be at most {{max}} characters long.',
    params: { max: SITE_BLOCK_MARKDOWN_MAX },
  },
  tickerCoin: { text: 'One of the coins the ticker may show.' },
  tickerCoinTwice: { text: 'Each coin once.' },
  settingPartnerPayoutMinimum: { text: 'An amount of USDT from 0 to 1000000, with at most 6 decimals.' },
  settingExchangerId: {
    text: "BestChange's exchanger id: a whole number, 0 when the exchange is not listed.",
  },
  settingPositive: { text: 'The value must be a positive number.' },
  settingDecimals: {
    text: 'The value may have at most {{decimals}} decimal places.',
    params: { decimals: FIAT_DECIMALS },
  },
  settingHours: { text: 'The value must be a whole number of hours from 1 to 8760.' },
  settingRetentionDays: { text: 'The value must be a whole number of days from 1 to 3650.' },
  settingMinutes: { text: 'The value must be a whole number of minutes from 0 to 1440.' },
  settingMfaFlag: { text: 'The value must be 1 (required) or 0 (optional).' },
  settingAmlCost: {
    text: 'The value must be a price in USD from 0 to {{max}} with at most {{decimals}} decimal places.',
    params: { max: AML_SETTING_LIMITS.maxCostUSD, decimals: AML_SETTING_LIMITS.costDecimals },
  },
  settingAmlThreshold: {
    text: 'The value must be a score from 0 to 100 with at most {{decimals}} decimal places.',
    params: { decimals: AML_SETTING_LIMITS.thresholdDecimals },
  },
  settingAmlAttempts: {
    text: 'The value must be a whole number of tries from 1 to {{max}}.',
    params: { max: AML_SETTING_LIMITS.maxAttempts },
  },
  paymentWindowMinutes: {
    text: 'The payment window must be a whole number of minutes from {{min}} to {{max}}.',
    params: { min: PAYMENT_WINDOW_MINUTES.min, max: PAYMENT_WINDOW_MINUTES.max },
  },

  // The deal
  instructionsRequired: { text: 'Write the payment instructions.' },
  instructionsTooLong: {
    text: 'Payment instructions may be at most {{max}} characters long.',
    params: { max: INSTRUCTIONS_MAX_LENGTH },
  },
  dealNoteTooLong: {
    text: 'A note may be at most {{max}} characters long.',
    params: { max: DEAL_NOTE_MAX_LENGTH },
  },
  tronAddress: { text: 'Enter a TRON (TRC-20) address: 34 characters starting with T.' },
  tronAddressChecksum: {
    text: 'The address has a typo: its checksum does not match. Copy it again from your wallet.',
  },
  cardNumber: { text: 'Enter a valid card number.' },
  receivingNumber: {
    text: 'Enter a card number (12 to 19 digits) or an account number or IBAN (20 to 34 letters and digits).',
  },
  txHash: { text: 'A transaction hash is 64 hexadecimal characters.' },
  payoutReferenceRequired: { text: 'Give the payout transaction hash or a note.' },
  refundReferenceRequired: { text: 'Give the refund reference.' },
  refundDestinationRequired: { text: 'Say where the money was sent back: the address or the card.' },
  closingReasonRequired: { text: 'Say why the deal is closed with a difference.' },
  movementAmount: { text: 'Enter the amount as a positive number, with at most 6 decimals.' },
  amountBelowDirectionMinimum: {
    text: 'What arrived, {{amount}} {{currency}}, is below the minimum of {{minimum}} {{currency}}: wait for the rest or refund it.',
  },
  reversalReferenceRequired: { text: 'Give the reference of the money that came back.' },
  reversalReasonRequired: { text: 'Say why the payout is reversed.' },
  refundIsTheTransfer: {
    text: 'Give the hash of the money sent back: the refund is a transaction of its own, not the transfer it returns.',
  },
  templateNotFound: { text: 'This payment template does not exist.' },
  templateDoesNotFit: { text: 'This payment template does not fit this application.' },
  usdtTemplateRequired: {
    text: 'The client pays in USDT: pick the USDT wallet they send to, or put one in rotation.',
  },
  receivingDetailPaused: { text: 'These payment details are paused: pick others, or switch them back on.' },
  receivingDetailFull: {
    text: 'This deal would take these payment details past their limit: pick others, or raise the limit.',
  },
  noReceivingDetailFree: {
    text: 'Every fitting payment detail is paused or at its limit: raise a limit, switch one on, or add one.',
  },
  receivingLimitAmount: {
    text: 'Enter a limit as a positive amount, with at most 6 decimals, or leave it empty.',
  },
  receivingLimitDeals: { text: 'Enter a whole number of deals from 1 to 100,000, or leave it empty.' },
  templateAvailability: { text: 'Choose in rotation, by hand only or paused.' },
  payoutDetailsKind: { text: 'This application pays out to another kind of details.' },
  sbpPhone: { text: 'Enter a Russian phone number: +7 and 10 digits, such as +7 999 123-45-67.' },
  sbpBank: { text: 'Choose your bank from the list.' },
  sbpBankNotOffered: {
    text: 'This exchange does not pay out by SBP to this bank: choose another or give a card.',
  },
  receiptNotFound: { text: 'This receipt is not a file of this application.' },

  amlAcknowledgementRequired: {
    text: 'Agree that the funds may be held for an AML check to submit the application.',
  },

  // The operator's blacklists (shared/blacklist.ts)
  blacklistLast4: { text: 'Enter the last four digits of the card.' },
  blacklistHolder: {
    text: "The holder's name may be at most {{max}} characters long, without '|'.",
    params: { max: BLACKLIST_HOLDER_MAX_LENGTH },
  },
  blacklistPhone: { text: 'Enter a phone number of 7 to 15 digits.' },
  blacklistTelegram: { text: 'Enter a Telegram username: 5 to 32 latin letters, digits or underscores.' },
  blacklistIp: { text: 'Enter an IPv4 or IPv6 address.' },
  blacklistReasonRequired: { text: 'Say why the value is listed.' },
  blacklistReasonTooLong: {
    text: 'A reason may be at most {{max}} characters long.',
    params: { max: BLACKLIST_REASON_MAX_LENGTH },
  },

  // Payment templates (ADMIN's, on the payment gateways page)
  templateKind: { text: 'Choose the kind of template: card, office or usdt.' },
  templateLabelRequired: { text: 'Give the template a name.' },
  templateLabelTooLong: {
    text: 'A template name may be at most {{max}} characters long.',
    params: { max: PAYMENT_TEMPLATE_LABEL_MAX_LENGTH },
  },
  templateDetailsRequired: { text: 'Write the payment details.' },
  templateDetailsTooLong: {
    text: 'Payment details may be at most {{max}} characters long.',
    params: { max: PAYMENT_TEMPLATE_DETAILS_MAX_LENGTH },
  },
  /** `currency`: the code the rates table has no value for. */
  currencyNotInRates: { text: 'The rates know no currency {{currency}}; add it to the rates first.' },

  // Cards and verification (the profile's cards, staff's verification queue)
  cardBankTooLong: {
    text: "A bank's name may be at most {{max}} characters long.",
    params: { max: CARD_BANK_MAX_LENGTH },
  },
  cardLast4: { text: 'Enter the last four digits of the card.' },
  cardHolderTooLong: {
    text: "A holder's name may be at most {{max}} characters long.",
    params: { max: CARD_HOLDER_MAX_LENGTH },
  },
  payerCardRequired: { text: 'Choose the card you pay from: this exchange asks for a verified card.' },
  verificationPhotoType: { text: 'A photo must be a JPEG or PNG picture.' },
  verificationReasonTooLong: {
    text: 'A reason may be at most {{max}} characters long.',
    params: { max: VERIFICATION_REASON_MAX_LENGTH },
  },

  // Messages and their attachments
  messageTooLong: {
    text: 'A message may be at most {{max}} characters long.',
    params: { max: MESSAGE_TEXT_MAX_LENGTH },
  },
  messageEmpty: { text: 'Write a message or attach a file.' },
  tooManyAttachments: {
    text: 'A message may carry at most {{max}} files.',
    params: { max: ATTACHMENTS_PER_MESSAGE },
  },
  attachmentRepeated: { text: 'The same file is attached twice.' },
  attachmentType: { text: 'Attach a JPEG or PNG picture or a PDF.' },
  attachmentSize: { text: 'The size must be a whole number of bytes.' },
  attachmentTooLarge: {
    text: 'A file may be at most {{maxMb}} MB.',
    params: { maxMb: ATTACHMENT_MAX_BYTES / (1024 * 1024) },
  },
  attachmentNameTooLong: {
    text: 'A file name may be at most {{max}} characters long.',
    params: { max: ATTACHMENT_NAME_MAX_LENGTH },
  },

  // Lists
  /** `max`: the items a page may lie from either end. */
  pageTooDeep: {
    text: 'Pages more than {{max}} items from either end are not served; narrow the filter or use cursor.',
  },
  invalidCursor: { text: 'Invalid cursor.' },
  /** A day of a period (the transaction history's `from` and `to`). */
  dayDate: { text: 'Use a date as YYYY-MM-DD.' },
  // The books
  ledgerAmount: { text: 'Enter an amount such as 1234.56 or -50 (a minus takes money out).' },
  ledgerReasonRequired: { text: 'Write why (at least 3 characters).' },
  ledgerReasonTooLong: { text: 'The reason may be at most {{max}} characters.', params: { max: 500 } },
  accountNameTooLong: { text: "The account's name may be at most {{max}} characters.", params: { max: 80 } },
  accountKind: { text: 'Choose a cash desk, a card, a bank account or a USDT wallet.' },
  templateAccount: {
    text: "Choose an office account of the template's currency (a cash desk for an office), or none.",
  },
  periodOrder: { text: 'The period must not end before it starts.' },
  // The audit trail's object filter: a type and an id, both or neither.
  auditTargetType: { text: 'Choose the type of the object whose trail to show.' },
  auditTargetId: { text: 'Enter the id of the object whose trail to show.' },
  periodTooLong: {
    text: 'A period may be at most {{max}} days long.',
    params: { max: TRANSACTIONS_MAX_PERIOD_DAYS },
  },

  // Keys and codes
  currencyCode: { text: 'Must be a three-letter ISO currency code' },
  assetKey: { text: 'Unknown asset: use cash-XXX, card-XXX or usdt-trc20' },
  geoKey: { text: 'Must be a dotted geo key like europe.germany.berlin' },
  /** A direction of a MANAGER's scope (shared/staff-scope.ts). */
  directionKey: { text: 'Must be a direction like cash-USD→usdt-trc20' },
  cityKey: { text: 'Must be a city key like europe.germany.berlin' },
  sessionId: { text: 'Must be a session id (a UUID).' },
  exportId: { text: 'Must be an export id (a UUID).' },
  /** A body field the route does not take (every body schema is strict). */
  unknownField: { text: 'Unknown field.' },
} as const satisfies Record<string, FieldRule>;

export type FieldRuleCode = keyof typeof FIELD_RULES;

/**
 * The zod issues a schema may raise without one of our codes as its message, each answered as
 * `zod.<code>` with the issue's values as params and zod's English text as `msg`
 * (`unrecognized_keys` is `unknownField`, one error per key). Typed against zod's list, so a new
 * kind of issue shows up here.
 */
const ZOD_CODES: Record<Exclude<z.core.$ZodIssue['code'], 'unrecognized_keys'>, true> = {
  invalid_type: true,
  too_big: true,
  too_small: true,
  invalid_format: true,
  not_multiple_of: true,
  invalid_union: true,
  invalid_key: true,
  invalid_element: true,
  invalid_value: true,
  custom: true,
};
/** The `zod.*` codes a field error may have (a function, so a bundle that never asks drops the list). */
export function zodFieldCodes(): string[] {
  return Object.keys(ZOD_CODES).map((code) => `zod.${code}`);
}

/** What one broken rule says: its code, the values its text names, and that text in English. */
export interface FieldProblem {
  code: string;
  msg: string;
  params?: RuleParams;
}

export function isFieldRule(code: string): code is FieldRuleCode {
  return Object.hasOwn(FIELD_RULES, code);
}

/** `{{name}}` of a text replaced by the param of that name (i18next's syntax, so the web's texts read the same). */
export function fillText(text: string, params: RuleParams = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The break of a rule: its code, its own params with the given ones, and its English text. */
export function ruleProblem(code: FieldRuleCode, params?: RuleParams): FieldProblem {
  const rule: FieldRule = FIELD_RULES[code];
  const all = { ...rule.params, ...params };
  const named = Object.keys(all).length > 0;
  return { code, msg: fillText(rule.text, all), ...(named ? { params: all } : {}) };
}

/** A field error of the envelope: the field's dotted path and the rule it broke. */
export function fieldError(path: string, code: FieldRuleCode, params?: RuleParams): FieldError {
  return problemAt(path, ruleProblem(code, params));
}

/** A field error of the envelope for a problem already worded (`issueProblem`, `amountLimitProblem`…). */
export function problemAt(path: string, problem: FieldProblem): FieldError {
  return { path, param: path, ...problem };
}

/** Keys of a zod issue that are not values its text names. */
const NOT_VALUES = new Set([
  'code',
  'message',
  'path',
  'input',
  'inst',
  'errors',
  'issues',
  'keys',
  'params',
]);

/** The values of a zod issue (minimum, maximum, expected, format…) as params: strings and numbers only. */
function issueValues(issue: z.core.$ZodIssue): RuleParams | undefined {
  const values: RuleParams = {};
  for (const [name, value] of Object.entries(issue)) {
    if (NOT_VALUES.has(name)) continue;
    if (typeof value === 'string' || typeof value === 'number') values[name] = value;
    else if (typeof value === 'bigint') values[name] = String(value);
    else if (Array.isArray(value)) values[name] = value.map(String).join(', ');
  }
  return Object.keys(values).length > 0 ? values : undefined;
}

/**
 * What a zod issue says as a field problem: a rule of the table when the schema gave its code as the
 * message (with the params a refinement added), else `zod.<issue code>` with the issue's values and
 * zod's own text. (`unrecognized_keys` names several fields: the caller gives each `unknownField`.)
 */
export function issueProblem(issue: z.core.$ZodIssue): FieldProblem {
  if (isFieldRule(issue.message)) {
    const params = issue.code === 'custom' ? (issue.params as RuleParams | undefined) : undefined;
    return ruleProblem(issue.message, params);
  }
  const params = issueValues(issue);
  return { code: `zod.${issue.code}`, msg: issue.message, ...(params ? { params } : {}) };
}
