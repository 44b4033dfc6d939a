import type { Weekday, WeekHours } from '@shared/working-hours';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { Modal } from '@web/components/ui/modal';
import { useTranslation } from '@web/lib/i18n';
import { fieldErrorTexts, refusalText, ruleText } from '@web/lib/refusal-text';
import { type FormEvent, useCallback, useState } from 'react';
import { notify } from '../lib/notify';
import { type DayDraft, draftOfWeek, hoursProblems, weekOfDraft } from '../lib/working-hours';
import { ScheduleFields } from './schedule-fields';

export interface HoursValues {
  timeZone: string;
  week: WeekHours;
  /** A city's code for the rate monitors (null = none); absent for the card schedule. */
  code?: string | null;
}

interface HoursModalProps {
  title: string;
  initial: HoursValues;
  save: (values: HoursValues) => Promise<void>;
  onClose: () => void;
}

/**
 * Edits a schedule (a city's, with its monitors' code, or the card one): the form checks what the
 * server checks, with its texts, before saving; the server's field errors land on the same fields.
 */
export function HoursModal({ title, initial, save, onClose }: HoursModalProps) {
  const { t } = useTranslation('admin');
  const withCode = initial.code !== undefined;
  const [timeZone, setTimeZone] = useState(initial.timeZone);
  const [week, setWeek] = useState(() => draftOfWeek(initial.week));
  const [code, setCode] = useState(initial.code ?? '');
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [tried, setTried] = useState(false);

  const values: HoursValues = {
    timeZone,
    week: weekOfDraft(week),
    ...(withCode ? { code: code.trim() || null } : {}),
  };
  const problems = hoursProblems(values);
  // The form's own checks show once a save was tried; the server's as soon as they come.
  const errors: Record<string, string> = {
    ...(tried
      ? Object.fromEntries(Object.entries(problems).map(([path, problem]) => [path, ruleText(problem)]))
      : {}),
    ...serverErrors,
  };

  const clear = (path: string) =>
    setServerErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith(path))),
    );
  const changeTimeZone = useCallback((zone: string) => {
    setTimeZone(zone);
    setServerErrors(({ timeZone: _gone, ...rest }) => rest);
  }, []);
  const changeDay = (day: Weekday, change: Partial<DayDraft>) => {
    setWeek((current) => ({ ...current, [day]: { ...current[day], ...change } }));
    clear(`week.${day}`);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setGeneral(null);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    try {
      await save(values);
      notify.success(t('geo.hours.saved'));
      onClose();
    } catch (error) {
      const fields = fieldErrorTexts(error);
      setServerErrors(fields);
      if (Object.keys(fields).length === 0) setGeneral(refusalText(error, t('common.updateFailed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={title} onClose={onClose}>
      <form className="stack hours-form" onSubmit={submit} noValidate>
        {general && <Alert tone="danger">{general}</Alert>}
        {withCode && (
          <TextField
            label={t('geo.hours.code')}
            hint={t('geo.hours.codeHint')}
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            error={errors.code}
            onChange={(event) => {
              setCode(event.target.value.toUpperCase());
              clear('code');
            }}
          />
        )}
        <ScheduleFields
          timeZone={timeZone}
          week={week}
          errors={errors}
          onTimeZone={changeTimeZone}
          onDay={changeDay}
        />
        <div className="modal__footer">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
