import { InvalidRequest, NotFound, NotPermitted, StateConflict } from '@functions/commons/errors';
import { inInvocation, readOncePerInvocation } from '@functions/commons/invocation-memo';
import { auditPut } from '@functions/data/audit';
import { findSetting, listSettings, type SettingRecord, settingPut } from '@functions/data/settings';
import { TransactionCancelledError, transactWrite } from '@functions/data/transactions';
import type { RecordedActor } from '@functions/domain/accounts/principal';
import {
  AML_SETTING_LIMITS,
  PAYMENT_WINDOW_MINUTES,
  SETTING_DEFAULTS,
  SETTING_KEYS,
  type SettingKey,
  type SettingValue,
} from '@shared/constants';
import {
  mayReadSetting,
  maySetSetting,
  type PutSettingBody,
  readSettingValue,
  type SettingView,
} from '@shared/contract/admin';
import type { Role } from '@shared/enums';
import { type FieldProblem, problemAt, ruleProblem } from '@shared/field-rules';
import { FIAT_DECIMALS, hasAtMostDecimals, PERCENT_DECIMALS } from '@shared/numbers';

function isSettingKey(key: string): key is SettingKey {
  return (SETTING_KEYS as readonly string[]).includes(key);
}

/** A known setting that was never stored reads as its default. */
function defaultSetting(key: SettingKey): SettingRecord {
  const { value, description } = SETTING_DEFAULTS[key];
  return { key, value, description, updatedAt: new Date(0).toISOString(), updatedBy: null };
}

/**
 * The value the rules use: the stored one when it has the setting's type, else the default. A rule
 * reads a setting where it needs it, so one request or batch asks for many (a new application a
 * dozen and more: the limits, the time zone, the mails' and alerts' switches), and for the same ones many
 * times (the business time zone for each day counter, ledger entry and mail). So within an
 * invocation the stored settings are read together, in one Query of their partition, once. A change
 * applies from the next request or batch, and no invocation works with two values of one setting.
 * Outside one (a script, a test calling the domain) nothing is kept: each call reads its one setting.
 */
export async function settingValue<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
  const fallback: SettingValue<K> = SETTING_DEFAULTS[key].value;
  const stored = (inInvocation() ? (await storedSettings()).get(key) : await findSetting(key))?.value;
  return typeof stored === typeof fallback ? (stored as SettingValue<K>) : fallback;
}

/** Every stored setting by key, read once per invocation (pattern 6). */
function storedSettings(): Promise<Map<string, SettingRecord>> {
  return readOncePerInvocation(
    'settings',
    async () => new Map((await listSettings()).map((setting) => [setting.key, setting])),
  );
}

export class UnknownSetting extends NotFound {
  constructor(key: string) {
    super(`Unknown setting ${key}.`, { params: { key } });
  }
}

export class SettingValueRefused extends InvalidRequest {
  constructor(problem: FieldProblem) {
    super('Validation failed.', { fields: [problemAt('value', problem)] });
  }
}

export class SettingChangedMeanwhile extends StateConflict {
  constructor() {
    super('The setting was changed by someone else meanwhile. Reload and try again.');
  }
}

/** A security or notification setting, changed by a role below its `minRole` (SETTING_DEFAULTS). */
export class SettingNeedsHigherRole extends NotPermitted {
  constructor(key: SettingKey) {
    const role = SETTING_DEFAULTS[key].minRole;
    super(`Only a ${role} can change the setting ${key}.`, { params: { role, key } });
  }
}

/** The setting as `role` may see it: a secret one's value withheld below its `minRole`. */
function asSeenBy(setting: SettingRecord, role: Role): SettingView {
  if (mayReadSetting(setting.key as SettingKey, role)) return setting;
  return { ...setting, value: '', redacted: true };
}

export async function listAllSettings(role: Role): Promise<SettingView[]> {
  const stored = await storedSettings();
  return SETTING_KEYS.map((key) => asSeenBy(stored.get(key) ?? defaultSetting(key), role));
}

export async function getSetting(key: string, role: Role): Promise<SettingView> {
  if (!isSettingKey(key)) throw new UnknownSetting(key);
  return asSeenBy((await findSetting(key)) ?? defaultSetting(key), role);
}

type NumberSettingKey = {
  [K in SettingKey]: (typeof SETTING_DEFAULTS)[K]['kind'] extends 'number' ? K : never;
}[SettingKey];

function isNumberSetting(key: SettingKey): key is NumberSettingKey {
  return SETTING_DEFAULTS[key].kind === 'number';
}

/** Per-key rules for a new number, past its kind's check (readSettingValue); undefined when acceptable. */
const NUMBER_RULES: Record<NumberSettingKey, (value: number) => FieldProblem | undefined> = {
  minApplicationAmountUSD: (value) =>
    value < 0 || value > 1e9
      ? ruleProblem('settingPositive')
      : hasAtMostDecimals(value, FIAT_DECIMALS)
        ? undefined
        : ruleProblem('settingDecimals'),
  applicationExpiryHours: (value) =>
    Number.isInteger(value) && value >= 1 && value <= 8760 ? undefined : ruleProblem('settingHours'),
  staffMfaRequired: (value) => (value === 0 || value === 1 ? undefined : ruleProblem('settingMfaFlag')),
  verificationPhotoRetentionDays: (value) =>
    Number.isInteger(value) && value >= 1 && value <= 3650 ? undefined : ruleProblem('settingRetentionDays'),
  quoteLockMinutes: (value) =>
    Number.isInteger(value) && value >= 0 && value <= 1440 ? undefined : ruleProblem('settingMinutes'),
  paymentWindowMinutes: (value) =>
    Number.isInteger(value) && value >= PAYMENT_WINDOW_MINUTES.min && value <= PAYMENT_WINDOW_MINUTES.max
      ? undefined
      : ruleProblem('paymentWindowMinutes'),
  partnerShareOfProfitPercent: (value) =>
    value >= 0 && value <= 100 && hasAtMostDecimals(value, PERCENT_DECIMALS)
      ? undefined
      : ruleProblem('settingPartnerShare', { max: 100 }),
  partnerShareOfVolumePercent: (value) =>
    value >= 0 && value <= 10 && hasAtMostDecimals(value, PERCENT_DECIMALS)
      ? undefined
      : ruleProblem('settingPartnerShare', { max: 10 }),
  partnerPayoutMinimumUSDT: (value) =>
    value >= 0 && value <= 1_000_000 && hasAtMostDecimals(value, 6)
      ? undefined
      : ruleProblem('settingPartnerPayoutMinimum'),
  bestChangeExchangerId: (value) =>
    Number.isInteger(value) && value >= 0 && value <= 1_000_000_000
      ? undefined
      : ruleProblem('settingExchangerId'),
  firstDealsCount: (value) =>
    Number.isInteger(value) && value >= 0 && value <= 100 ? undefined : ruleProblem('settingDealCount'),
  topUpWindowMinutes: (value) =>
    Number.isInteger(value) && value >= PAYMENT_WINDOW_MINUTES.min && value <= PAYMENT_WINDOW_MINUTES.max
      ? undefined
      : ruleProblem('paymentWindowMinutes'),
  holdReviewHours: (value) =>
    Number.isInteger(value) && value >= 1 && value <= 720 ? undefined : ruleProblem('settingHours'),
  amlCheckCostUSD: (value) =>
    value >= 0 &&
    value <= AML_SETTING_LIMITS.maxCostUSD &&
    hasAtMostDecimals(value, AML_SETTING_LIMITS.costDecimals)
      ? undefined
      : ruleProblem('settingAmlCost'),
  amlRiskThreshold: (value) =>
    value >= 0 && value <= 100 && hasAtMostDecimals(value, AML_SETTING_LIMITS.thresholdDecimals)
      ? undefined
      : ruleProblem('settingAmlThreshold'),
  amlMaxAttempts: (value) =>
    Number.isInteger(value) && value >= 1 && value <= AML_SETTING_LIMITS.maxAttempts
      ? undefined
      : ruleProblem('settingAmlAttempts'),
};

export async function putSetting(
  key: string,
  body: PutSettingBody,
  actor: RecordedActor,
): Promise<SettingView> {
  if (!isSettingKey(key)) throw new UnknownSetting(key);
  if (!maySetSetting(key, actor.role)) throw new SettingNeedsHigherRole(key);
  const read = readSettingValue(key, body.value);
  if (read.problem !== undefined) throw new SettingValueRefused(read.problem);
  const problem =
    typeof read.value === 'number' && isNumberSetting(key) ? NUMBER_RULES[key](read.value) : undefined;
  if (problem) throw new SettingValueRefused(problem);
  const stored = await findSetting(key);
  const before = stored ?? defaultSetting(key);
  const now = new Date();
  const next: SettingRecord = {
    key,
    value: read.value,
    description: body.description ?? before.description,
    updatedAt: now.toISOString(),
    updatedBy: actor.id,
  };
  try {
    await transactWrite([
      settingPut(next, stored?.updatedAt ?? null),
      auditPut({
        actorId: actor.id,
        actorRole: actor.role,
        action: 'setting.update',
        targetType: 'setting',
        targetId: key,
        before: { value: before.value, description: before.description },
        after: { value: next.value, description: next.description },
        at: now,
      }),
    ]);
  } catch (error) {
    if (error instanceof TransactionCancelledError && error.conditionFailed) {
      throw new SettingChangedMeanwhile();
    }
    throw error;
  }
  return next;
}
