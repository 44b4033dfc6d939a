import type { ExchangeStatus, Maintenance } from '@shared/contract/hours';
import type { ScheduleView, Weekday } from '@shared/working-hours';
import { Button } from '@web/components/ui/button';
import { TextAreaField } from '@web/components/ui/field';
import { useTranslation } from '@web/lib/i18n';
import { dateTimeFormat } from '@web/lib/intl-format';
import { fieldErrorTexts } from '@web/lib/refusal-text';
import { type FormEvent, useState } from 'react';
import { adminApi } from '../api/admin-api';
import { Switch } from '../components/switch';
import { notify } from '../lib/notify';
import { weekSummary } from '../lib/working-hours';
import { HoursModal } from './hours-modal';

const LOCALES = { ru: 'ru-RU', en: 'en-GB' } as const;

/** A schedule in a line and where it stands now, its times in its own zone. */
export function useHoursText() {
  const { t, language } = useTranslation('admin');
  const summary = (view: Pick<ScheduleView, 'week'>) =>
    weekSummary(view.week, {
      day: (day: Weekday) => t(`geo.hours.short.${day}`),
      closed: t('geo.hours.closedDay'),
      allDay: t('geo.hours.allDay'),
    });
  const when = (instant: string, timeZone: string) =>
    dateTimeFormat(LOCALES[language], {
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
    }).format(new Date(instant));
  const state = (view: ScheduleView) => {
    if (view.openNow) {
      return view.closesAt
        ? t('geo.hours.openUntil', { when: when(view.closesAt, view.timeZone) })
        : t('geo.hours.openAlways');
    }
    return view.opensAt
      ? t('geo.hours.closedUntil', { when: when(view.opensAt, view.timeZone) })
      : t('geo.hours.closedForGood');
  };
  return { summary, state };
}

interface HoursPanelProps {
  status: ExchangeStatus;
  onChange: (status: ExchangeStatus) => void;
}

/** The card schedule (every city's card directions) and the maintenance switch, above the tree. */
export function HoursPanel({ status, onChange }: HoursPanelProps) {
  const { t } = useTranslation('admin');
  const text = useHoursText();
  const [editing, setEditing] = useState(false);
  const card = status.cardHours;
  return (
    <section className="card hours-panel" aria-labelledby="hours-panel-title">
      <h2 className="panel-title" id="hours-panel-title">
        {t('geo.hours.title')}
      </h2>
      <p className="muted hours-panel__intro">{t('geo.hours.intro')}</p>
      <div className="hours-panel__card">
        <div className="hours-panel__text">
          <h3 className="hours-panel__name">{t('geo.hours.card')}</h3>
          <p className="hours-panel__line">
            {text.summary(card)} ({card.timeZone})
          </p>
          <p className={`hours-panel__line hours-state${card.openNow ? ' is-open' : ' is-closed'}`}>
            {text.state(card)}
          </p>
        </div>
        <Button variant="secondary" onClick={() => setEditing(true)}>
          {t('geo.hours.editCard')}
        </Button>
      </div>
      <MaintenanceForm
        maintenance={status.maintenance}
        onSaved={(maintenance) => onChange({ ...status, maintenance })}
      />
      {editing && (
        <HoursModal
          title={t('geo.hours.cardTitle')}
          initial={{ timeZone: card.timeZone, week: card.week }}
          save={async (values) => {
            const cardHours = await adminApi.saveCardHours({ timeZone: values.timeZone, week: values.week });
            onChange({ ...status, cardHours });
          }}
          onClose={() => setEditing(false)}
        />
      )}
    </section>
  );
}

/** Maintenance: one switch for the whole exchange and the message visitors see meanwhile. */
function MaintenanceForm({
  maintenance,
  onSaved,
}: {
  maintenance: Maintenance;
  onSaved: (maintenance: Maintenance) => void;
}) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState(maintenance);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const unchanged = JSON.stringify(draft) === JSON.stringify(maintenance);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (unchanged) return;
    setSaving(true);
    try {
      const answer = await adminApi.saveMaintenance(draft);
      const saved = answer.data;
      onSaved(saved);
      setDraft(saved);
      notify.success(t(saved.active ? 'geo.maintenance.on' : 'geo.maintenance.off'));
    } catch (error) {
      setErrors(fieldErrorTexts(error));
      if (Object.keys(fieldErrorTexts(error)).length === 0) notify.failure(error, t('common.updateFailed'));
    } finally {
      setSaving(false);
    }
  };

  const message = (language: 'ru' | 'en') => ({
    label: t(`geo.maintenance.message.${language}`),
    value: draft.message[language],
    error: errors[`message.${language}`],
    rows: 2,
    maxLength: 500,
    onChange: (event: { target: { value: string } }) => {
      setDraft((current) => ({
        ...current,
        message: { ...current.message, [language]: event.target.value },
      }));
      setErrors({});
    },
  });

  return (
    <form className="hours-panel__maintenance stack" onSubmit={submit} noValidate>
      <div className="hours-panel__switch">
        <h3 className="hours-panel__name">{t('geo.maintenance.title')}</h3>
        <Switch
          checked={draft.active}
          label={t('geo.maintenance.switch')}
          onChange={(active) => setDraft((current) => ({ ...current, active }))}
        />
      </div>
      <p className="muted hours-panel__line">{t('geo.maintenance.hint')}</p>
      <TextAreaField {...message('ru')} />
      <TextAreaField {...message('en')} />
      <div>
        <Button type="submit" loading={saving} disabled={unchanged}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
