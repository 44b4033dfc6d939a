import { SETTING_DEFAULTS, type SettingKey, type SettingKind } from '@shared/constants';
import { maySetSetting, readSettingValue, type SettingView } from '@shared/contract/admin';
import { LIMIT_SETTING_KEYS } from '@shared/limits';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { useTranslation } from '@web/lib/i18n';
import { ruleText } from '@web/lib/refusal-text';
import { useResource } from '@web/lib/use-resource';
import { type FormEvent, useId, useState } from 'react';
import { adminApi } from '../api/admin-api';
import { Loaded } from '../components/load-state';
import { PAGE_TITLE_ID, PageHeader } from '../components/page-header';
import { useStaff } from '../components/staff-context';
import { Switch } from '../components/switch';
import { formatDateTime } from '../lib/format';
import { notify } from '../lib/notify';
import { showSettingFailure } from '../lib/setting-failure';
import './settings.css';

interface SettingSpec {
  key: SettingKey;
  /** A number setting's smallest value and step (docs/product.md §5: minApplicationAmountUSD not below 0). */
  number?: { min: number; step: number };
  /** A number setting that is on (1) or off (0): a switch rather than a box to type 1 or 0 in. */
  onOff?: true;
  placeholder: string;
}

const SETTINGS: SettingSpec[] = [
  { key: 'minApplicationAmountUSD', number: { min: 0, step: 1 }, placeholder: '100' },
  {
    key: 'applicationExpiryHours',
    number: { min: 1, step: 1 },
    placeholder: String(SETTING_DEFAULTS.applicationExpiryHours.value),
  },
  // On (1): staff must use two-step verification; off (0): optional. The server refuses anything else.
  {
    key: 'staffMfaRequired',
    number: { min: 0, step: 1 },
    onOff: true,
    placeholder: String(SETTING_DEFAULTS.staffMfaRequired.value),
  },
  {
    key: 'quoteLockMinutes',
    number: { min: 0, step: 1 },
    placeholder: String(SETTING_DEFAULTS.quoteLockMinutes.value),
  },
  // The deal's clocks: the client's time to pay, to send the rest of a short payment, and staff's
  // promised answer on a held payment (staff may still give one application a window of its own).
  ...(['paymentWindowMinutes', 'topUpWindowMinutes', 'holdReviewHours'] as const).map((key) => ({
    key,
    number: { min: 1, step: 1 },
    placeholder: String(SETTING_DEFAULTS[key].value),
  })),
  {
    key: 'verificationPhotoRetentionDays',
    number: { min: 1, step: 1 },
    placeholder: String(SETTING_DEFAULTS.verificationPhotoRetentionDays.value),
  },
  // An email setting (SETTING_DEFAULTS' kind): empty saves "no staff mail".
  { key: 'staffNotifyEmail', placeholder: 'staff@example.com' },
  // A token setting: empty publishes the monitors' export to anyone.
  { key: 'ratesExportToken', placeholder: 'k3Xq9-monitors-2026' },
  { key: 'businessTimeZone', placeholder: SETTING_DEFAULTS.businessTimeZone.value },
  { key: 'reportingCurrency', placeholder: SETTING_DEFAULTS.reportingCurrency.value },
  // The AML check of incoming USDT (its state and the month's cost: the security page).
  {
    key: 'amlRiskThreshold',
    number: { min: 0, step: 0.01 },
    placeholder: String(SETTING_DEFAULTS.amlRiskThreshold.value),
  },
  {
    key: 'amlMaxAttempts',
    number: { min: 1, step: 1 },
    placeholder: String(SETTING_DEFAULTS.amlMaxAttempts.value),
  },
  { key: 'amlCheckCostUSD', number: { min: 0, step: 0.0001 }, placeholder: '0.25' },
  // The verification tiers' limits (docs/product.md "Verification and limits"): empty = no limit.
  ...LIMIT_SETTING_KEYS.filter((key) => key !== 'firstDealsCapUSD').map((key) => ({
    key,
    placeholder: SETTING_DEFAULTS[key].value,
  })),
  // Partners' shares of the deals they brought, booked in the ledger at completion.
  ...(['partnerShareOfProfitPercent', 'partnerShareOfVolumePercent'] as const).map((key) => ({
    key,
    number: { min: 0, step: 0.01 },
    placeholder: String(SETTING_DEFAULTS[key].value),
  })),
  { key: 'partnerPayoutMinimumUSDT', number: { min: 0, step: 0.01 }, placeholder: '10' },
  // Holding a place on BestChange (the rates page): the exchange's own line is no competitor.
  {
    key: 'bestChangeExchangerId',
    number: { min: 0, step: 1 },
    placeholder: '0',
  },
  {
    key: 'firstDealsCount',
    number: { min: 0, step: 1 },
    placeholder: String(SETTING_DEFAULTS.firstDealsCount.value),
  },
  { key: 'firstDealsCapUSD', placeholder: SETTING_DEFAULTS.firstDealsCapUSD.value },
];

/** The kinds of setting that cannot be empty (an empty email, token or chat means "none"). */
const NEEDS_VALUE: readonly SettingKind[] = ['timeZone', 'reportingCurrency'];

/** The input of each kind of setting. */
const INPUTS = {
  number: { type: 'number', inputMode: 'decimal' },
  email: { type: 'email', inputMode: 'email' },
  token: { type: 'text', inputMode: 'text' },
  telegramChat: { type: 'text', inputMode: 'numeric' },
  timeZone: { type: 'text', inputMode: 'text' },
  reportingCurrency: { type: 'text', inputMode: 'text' },
  limitUSD: { type: 'text', inputMode: 'decimal' },
} as const;

/**
 * System settings (docs/product.md §2, §5): each a field of its kind (number, email, token or time zone) saved on
 * its own. A setting above the staff member's role (its `minRole` in SETTING_DEFAULTS, as the server
 * checks) is shown read-only, and a secret one's value, which the server withholds, as hidden.
 */
export function SettingsPage() {
  const { t } = useTranslation('admin');
  const staff = useStaff();
  const settings = useResource((signal) => adminApi.settings(signal), []);
  const replace = (setting: SettingView) =>
    settings.setData((list) => list?.map((item) => (item.key === setting.key ? setting : item)));
  return (
    <section className="admin-page" aria-labelledby={PAGE_TITLE_ID}>
      <PageHeader title={t('settings.title')} />
      <Loaded resource={settings} errorTitle={t('settings.loadError')}>
        {(saved) => (
          <div className="settings-grid">
            {SETTINGS.map((spec) => {
              const setting = saved.find((item) => item.key === spec.key);
              if (setting && !maySetSetting(spec.key, staff.role)) {
                return <ReadOnlySetting key={spec.key} spec={spec} setting={setting} />;
              }
              return setting ? (
                <SettingForm key={spec.key} spec={spec} setting={setting} onSaved={replace} />
              ) : (
                <Alert key={spec.key} tone="danger">
                  {t('settings.notFound', { key: spec.key })}
                </Alert>
              );
            })}
          </div>
        )}
      </Loaded>
    </section>
  );
}

/** Why a typed value cannot be saved, or null when it can. */
export function settingValueError(text: string, min: number, messages: { positive: string; min: string }) {
  const value = Number(text);
  if (text.trim() === '' || Number.isNaN(value)) return null;
  if (value < 0) return messages.positive;
  if (value < min) return messages.min;
  return null;
}

function SettingForm({
  spec,
  setting,
  onSaved,
}: {
  spec: SettingSpec;
  setting: SettingView;
  onSaved: (setting: SettingView) => void;
}) {
  const { t, language } = useTranslation('admin');
  const [text, setText] = useState(String(setting.value));
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const switchId = useId();
  // A newly saved value replaces the field's text while rendering (not in an effect, whose late
  // run on mount could undo what was typed meanwhile).
  const [shownValue, setShownValue] = useState(setting.value);
  if (setting.value !== shownValue) {
    setShownValue(setting.value);
    setText(String(setting.value));
  }

  const read = readSettingValue(spec.key, text);
  const error =
    serverError ??
    (spec.number
      ? settingValueError(text, spec.number.min, {
          positive: t('settings.positive'),
          min: t('settings.atLeast', { min: spec.number.min }),
        })
      : read.problem && ruleText(read.problem)) ??
    null;
  // A number and a time zone need a value; an empty email setting means "none".
  const empty =
    (spec.number !== undefined || NEEDS_VALUE.includes(SETTING_DEFAULTS[spec.key].kind)) &&
    text.trim() === '';
  const unchanged = read.problem === undefined && read.value === setting.value;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (empty || unchanged || error || read.problem !== undefined) return;
    setSaving(true);
    try {
      const answer = await adminApi.saveSetting(setting.key, read.value);
      onSaved(answer.data);
      notify.success(t('settings.saved'));
    } catch (failure) {
      showSettingFailure(failure, setServerError, t('common.updateFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="card setting" onSubmit={submit} noValidate>
      <h2 className="panel-title">{t(`settings.${spec.key}.title`)}</h2>
      <p className="muted setting__description">{t(`settings.${spec.key}.description`)}</p>
      {spec.onOff ? (
        <div className="setting__switch">
          <Switch
            id={switchId}
            checked={text === '1'}
            onChange={(on) => {
              setText(on ? '1' : '0');
              setServerError(null);
            }}
          />
          <label htmlFor={switchId}>{t(`settings.${spec.key}.label`)}</label>
          {error && <p className="field__error">{error}</p>}
        </div>
      ) : (
        <TextField
          label={t(`settings.${spec.key}.label`)}
          {...INPUTS[SETTING_DEFAULTS[spec.key].kind]}
          autoComplete="off"
          step={spec.number?.step}
          min={spec.number?.min}
          placeholder={spec.placeholder}
          value={text}
          error={error}
          onChange={(event) => {
            setText(event.target.value);
            setServerError(null);
          }}
        />
      )}
      <p className="setting__meta muted">
        {t('settings.lastChanged', { when: formatDateTime(setting.updatedAt, language) })}
      </p>
      <div>
        <Button type="submit" loading={saving} disabled={empty || unchanged || error !== null}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}

/** A setting only a higher role changes: its value (or, for a secret the server withheld, that it is hidden) and who may change it. */
function ReadOnlySetting({ spec, setting }: { spec: SettingSpec; setting: SettingView }) {
  const { t, language } = useTranslation('admin');
  const role = t(`roles.${SETTING_DEFAULTS[spec.key].minRole}`);
  return (
    <div className="card setting">
      <h2 className="panel-title">{t(`settings.${spec.key}.title`)}</h2>
      <p className="muted setting__description">{t(`settings.${spec.key}.description`)}</p>
      <TextField
        label={t(`settings.${spec.key}.label`)}
        {...INPUTS[SETTING_DEFAULTS[spec.key].kind]}
        // An on/off setting reads "On" or "Off" here.
        {...(spec.onOff ? { type: 'text', inputMode: 'text' as const } : {})}
        autoComplete="off"
        readOnly
        value={
          setting.redacted
            ? ''
            : spec.onOff
              ? t(setting.value === 1 ? 'settings.on' : 'settings.off')
              : String(setting.value)
        }
        placeholder={setting.redacted ? t('settings.hidden') : t('settings.none')}
        hint={t(setting.redacted ? 'settings.hiddenFor' : 'settings.readOnlyFor', { role })}
      />
      <p className="setting__meta muted">
        {t('settings.lastChanged', { when: formatDateTime(setting.updatedAt, language) })}
      </p>
    </div>
  );
}
