import { maySetSetting, readSettingValue } from '@shared/contract/admin';
import type { TelegramBotStatus } from '@shared/contract/telegram';
import { hasRoleAtLeast } from '@shared/enums';
import { adminTelegramSetWebhook } from '@shared/routes/telegram';
import { Alert } from '@web/components/ui/alert';
import { Badge, type BadgeTone } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { SelectField, TextField } from '@web/components/ui/field';
import { ExternalIcon } from '@web/components/ui/icons';
import { useTranslation } from '@web/lib/i18n';
import { refusalText, ruleText } from '@web/lib/refusal-text';
import { type Resource, useResource } from '@web/lib/use-resource';
import { type FormEvent, useState } from 'react';
import { DataTable } from '../components/data-table';
import { Loaded } from '../components/load-state';
import { useStaff } from '../components/staff-context';
import { formatDateTime } from '../lib/format';
import { notify } from '../lib/notify';
import { showSettingFailure } from '../lib/setting-failure';
import { PanelHead } from './panel-head';
import { securityApi } from './security-api';

type WebhookState = 'set' | 'notSet' | 'elsewhere';
const WEBHOOK_TONES: Record<WebhookState, BadgeTone> = {
  set: 'success',
  notSet: 'warning',
  elsewhere: 'danger',
};

/** Telegram delivers here; or to no address; or to another one (another installation, an old address). */
function webhookState(webhook: NonNullable<TelegramBotStatus['webhook']>): WebhookState {
  if (webhook.set) return 'set';
  return webhook.url ? 'elsewhere' : 'notSet';
}

/**
 * The Telegram bot's state on the security page (docs/architecture.md "The Telegram bot"):
 * configured or not (an operator turns it on, docs/operations.md), its @username, the webhook as
 * Telegram reports it with "Set webhook", the last update, the staff group (the setting
 * telegramStaffChatId, picked from the groups the bot is in or typed), a test message and the latest
 * send errors. A SUPER_ADMIN changes (the routes' access and the setting's minRole); an ADMIN reads.
 */
export function TelegramPanel({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation('admin');
  const status = useResource((signal) => securityApi.telegramStatus(signal), []);
  return (
    <section className="card security-panel" aria-labelledby="security-telegram-title">
      <PanelHead titleId="security-telegram-title" title={t('security.telegram.title')} resource={status} />
      <p className="muted security-panel__lead">{t('security.telegram.description')}</p>
      <Loaded resource={status} errorTitle={t('security.telegram.loadError')}>
        {(bot) =>
          bot.configured ? (
            <BotState bot={bot} status={status} onChanged={onChanged} />
          ) : (
            <>
              <p className="security-panel__state">
                <Badge tone="neutral">{t('security.telegram.notConfigured')}</Badge>
              </p>
              <p className="muted security-panel__note">{t('security.telegram.howToConfigure')}</p>
            </>
          )
        }
      </Loaded>
    </section>
  );
}

/** What the bot panel's parts share: the bot's state, its resource, and the page's reload. */
interface BotPanelProps {
  bot: TelegramBotStatus;
  status: Resource<TelegramBotStatus>;
  onChanged: () => void;
}

function BotState({ bot, status, onChanged }: BotPanelProps) {
  const { t, language } = useTranslation('admin');
  const viewer = useStaff();
  const mayManage = hasRoleAtLeast(viewer.role, adminTelegramSetWebhook.access);
  const [settingWebhook, setSettingWebhook] = useState(false);
  const when = (iso: string) => formatDateTime(iso, language);

  const setWebhook = async () => {
    setSettingWebhook(true);
    try {
      const answered = await securityApi.setTelegramWebhook();
      status.setData(() => answered);
      onChanged();
      notify.success(t('security.telegram.webhookSaved'));
    } catch (error) {
      notify.failure(error, t('common.updateFailed'));
    } finally {
      setSettingWebhook(false);
    }
  };

  const webhook = bot.webhook;
  const state = webhook ? webhookState(webhook) : null;
  return (
    <>
      <dl className="telegram-facts">
        <div>
          <dt>{t('security.telegram.bot')}</dt>
          <dd>
            {bot.username ? (
              <a href={`https://t.me/${bot.username}`} target="_blank" rel="noopener noreferrer">
                @{bot.username}
                <ExternalIcon size={14} />
                <span className="visually-hidden">{t('security.telegram.opensInNewTab')}</span>
              </a>
            ) : (
              '—'
            )}
          </dd>
        </div>
        <div>
          <dt>{t('security.telegram.webhook')}</dt>
          <dd>
            {webhook && state ? (
              <span className="cell-stack">
                <span>
                  <Badge tone={WEBHOOK_TONES[state]}>{t(`security.telegram.webhookStates.${state}`)}</Badge>
                </span>
                {webhook.url && <span className="mono telegram-facts__url">{webhook.url}</span>}
                <span>{t('security.telegram.pending', { count: webhook.pendingUpdates })}</span>
                {webhook.lastErrorMessage && (
                  <span className="telegram-facts__error">
                    {webhook.lastErrorAt
                      ? t('security.telegram.lastErrorAt', {
                          when: when(webhook.lastErrorAt),
                          error: webhook.lastErrorMessage,
                        })
                      : t('security.telegram.lastError', { error: webhook.lastErrorMessage })}
                  </span>
                )}
              </span>
            ) : (
              <span className="telegram-facts__error">
                {t('security.telegram.webhookUnknown', { error: bot.webhookError ?? '—' })}
              </span>
            )}
            {mayManage && (
              <span className="telegram-facts__action">
                <Button variant="secondary" size="sm" loading={settingWebhook} onClick={setWebhook}>
                  {t('security.telegram.setWebhook')}
                </Button>
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('security.telegram.lastUpdate')}</dt>
          <dd>{bot.lastUpdateAt ? when(bot.lastUpdateAt) : t('security.telegram.noUpdateYet')}</dd>
        </div>
      </dl>
      <StaffGroup bot={bot} status={status} onChanged={onChanged} />
      {mayManage && <TestMessage />}
      {!mayManage && (
        <p className="muted security-panel__note">
          {t('security.telegram.readOnly', { role: t(`roles.${adminTelegramSetWebhook.access}`) })}
        </p>
      )}
      <h3 className="telegram-subtitle">{t('security.telegram.errors.title')}</h3>
      <DataTable
        items={bot.recentErrors}
        className="data-table data-table--telegram-errors"
        caption={t('security.telegram.errors.title')}
        emptyText={t('security.telegram.errors.empty')}
        columns={[
          t('security.telegram.errors.columns.time'),
          t('security.telegram.errors.columns.kind'),
          t('security.telegram.errors.columns.error'),
        ]}
      >
        {(failure) => (
          <tr key={`${failure.at}-${failure.kind}-${failure.error}`}>
            <td>{when(failure.at)}</td>
            <td className="mono">{failure.kind}</td>
            <td className="telegram-errors__text">{failure.error}</td>
          </tr>
        )}
      </DataTable>
    </>
  );
}

/** The staff group: the setting telegramStaffChatId, from the bot's groups or typed; a SUPER_ADMIN's. */
function StaffGroup({ bot, status, onChanged }: BotPanelProps) {
  const { t } = useTranslation('admin');
  const viewer = useStaff();
  const mayChange = maySetSetting('telegramStaffChatId', viewer.role);
  const [text, setText] = useState(bot.staffChatId);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // A newly saved or reloaded value replaces the field's text while rendering (as the settings page does).
  const [shownValue, setShownValue] = useState(bot.staffChatId);
  if (bot.staffChatId !== shownValue) {
    setShownValue(bot.staffChatId);
    setText(bot.staffChatId);
  }

  const current = bot.groups.find((group) => group.id === bot.staffChatId);
  const read = readSettingValue('telegramStaffChatId', text);
  const error = serverError ?? (read.problem ? ruleText(read.problem) : null);
  const unchanged = read.problem === undefined && read.value === bot.staffChatId;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (unchanged || read.problem !== undefined) return;
    setSaving(true);
    try {
      const saved = await securityApi.saveTelegramStaffChat(String(read.value));
      status.setData((data) => data && { ...data, staffChatId: String(saved.value) });
      onChanged();
      notify.success(t('security.telegram.group.saved'));
    } catch (failure) {
      showSettingFailure(failure, setServerError, t('common.updateFailed'));
    } finally {
      setSaving(false);
    }
  };

  const shown = bot.staffChatId
    ? current
      ? t('security.telegram.group.named', { title: current.title, id: current.id })
      : bot.staffChatId
    : t('security.telegram.group.none');
  return (
    <div className="telegram-group">
      <h3 className="telegram-subtitle">{t('security.telegram.group.title')}</h3>
      <p className="security-panel__note">{t('security.telegram.group.current', { group: shown })}</p>
      {mayChange ? (
        <form className="telegram-group__form" onSubmit={submit} noValidate>
          <SelectField
            label={t('security.telegram.group.choose')}
            placeholder={
              bot.groups.length ? t('security.telegram.group.pick') : t('security.telegram.group.noGroups')
            }
            value={bot.groups.some((group) => group.id === text) ? text : ''}
            options={bot.groups.map((group) => ({
              value: group.id,
              label: t('security.telegram.group.named', { title: group.title, id: group.id }),
            }))}
            onChange={(event) => {
              if (!event.target.value) return;
              setText(event.target.value);
              setServerError(null);
            }}
          />
          <TextField
            label={t('security.telegram.group.id')}
            hint={t('security.telegram.group.idHint')}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="-1001234567890"
            value={text}
            error={error}
            onChange={(event) => {
              setText(event.target.value);
              setServerError(null);
            }}
          />
          <div>
            <Button type="submit" loading={saving} disabled={unchanged || error !== null}>
              {t('common.save')}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

/** "Send test message": queued to the staff group; its result (or the refusal) said under the button. */
function TestMessage() {
  const { t } = useTranslation('admin');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const send = async () => {
    setSending(true);
    setResult(null);
    try {
      await securityApi.sendTelegramTest();
      setResult({ ok: true, text: t('security.telegram.test.sent') });
    } catch (error) {
      setResult({ ok: false, text: refusalText(error, t('common.updateFailed')) });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="telegram-test">
      <div>
        <Button variant="secondary" size="sm" loading={sending} onClick={send}>
          {t('security.telegram.test.send')}
        </Button>
      </div>
      <div role="status">
        {result && <Alert tone={result.ok ? 'success' : 'danger'}>{result.text}</Alert>}
      </div>
    </div>
  );
}
