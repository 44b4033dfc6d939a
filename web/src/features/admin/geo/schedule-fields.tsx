import { WEEKDAYS, type Weekday } from '@shared/working-hours';
import { SelectField, TextField } from '@web/components/ui/field';
import { useTranslation } from '@web/lib/i18n';
import { useId, useState } from 'react';
import { type DayDraft, timeZoneOptions, type WeekDraft } from '../lib/working-hours';

interface ScheduleFieldsProps {
  timeZone: string;
  week: WeekDraft;
  /** Texts by the server's paths (`timeZone`, `week.mon.open`…), already localized. */
  errors: Record<string, string>;
  onTimeZone: (timeZone: string) => void;
  onDay: (day: Weekday, change: Partial<DayDraft>) => void;
}

/**
 * A weekly schedule: its IANA time zone and, per weekday, closed or open from–to in that zone's
 * local time (a closing at or before the opening is on the next day; 00:00–24:00 is all day).
 */
export function ScheduleFields({ timeZone, week, errors, onTimeZone, onDay }: ScheduleFieldsProps) {
  const { t } = useTranslation('admin');
  return (
    <>
      <TimeZoneField timeZone={timeZone} error={errors.timeZone} onChange={onTimeZone} />
      <fieldset className="week-fields">
        <legend className="week-fields__legend">{t('geo.hours.week')}</legend>
        <p className="muted week-fields__hint">{t('geo.hours.weekHint')}</p>
        {WEEKDAYS.map((day) => {
          const { open, from, to } = week[day];
          const name = t(`geo.hours.days.${day}`);
          return (
            <fieldset key={day} className="week-fields__day" aria-label={name}>
              <SelectField
                label={name}
                value={open ? 'open' : 'closed'}
                options={[
                  { value: 'open', label: t('geo.hours.open') },
                  { value: 'closed', label: t('geo.hours.closed') },
                ]}
                onChange={(event) => onDay(day, { open: event.target.value === 'open' })}
              />
              {open && (
                <>
                  <TextField
                    label={t('geo.hours.from')}
                    value={from}
                    inputMode="numeric"
                    placeholder="10:00"
                    autoComplete="off"
                    error={errors[`week.${day}.open`]}
                    onChange={(event) => onDay(day, { from: event.target.value })}
                  />
                  <TextField
                    label={t('geo.hours.to')}
                    value={to}
                    inputMode="numeric"
                    placeholder="19:00"
                    autoComplete="off"
                    error={errors[`week.${day}.close`]}
                    onChange={(event) => onDay(day, { to: event.target.value })}
                  />
                </>
              )}
            </fieldset>
          );
        })}
      </fieldset>
    </>
  );
}

/**
 * The zone: typed, with the browser's 400-odd IANA names offered as suggestions while the field
 * has focus (a select of them all is slow to draw and to search on a phone).
 */
function TimeZoneField({
  timeZone,
  error,
  onChange,
}: {
  timeZone: string;
  error: string | undefined;
  onChange: (timeZone: string) => void;
}) {
  const { t } = useTranslation('admin');
  const listId = useId();
  const [suggest, setSuggest] = useState(false);
  return (
    <>
      <TextField
        label={t('geo.hours.timeZone')}
        hint={t('geo.hours.timeZoneHint')}
        value={timeZone}
        error={error}
        autoComplete="off"
        spellCheck={false}
        list={suggest ? listId : undefined}
        onFocus={() => setSuggest(true)}
        onChange={(event) => onChange(event.target.value.trim())}
      />
      {suggest && (
        <datalist id={listId}>
          {timeZoneOptions().map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
      )}
    </>
  );
}
