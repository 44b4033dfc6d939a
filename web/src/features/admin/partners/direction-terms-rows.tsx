import { Button } from '@web/components/ui/button';
import { SelectField, TextField } from '@web/components/ui/field';
import { useTranslation } from '@web/lib/i18n';
import { usePartnerTexts } from './partner-texts';
import { type DirectionRow, directionRow, type Problems } from './terms-draft';

interface DirectionTermsRowsProps {
  legend: string;
  rows: DirectionRow[];
  /** Every direction there is (the rates'), as keys. */
  directions: readonly string[];
  /** Problems by path; this list's are under `directionTerms`. */
  problems: Problems;
  onChange: (rows: DirectionRow[]) => void;
}

/**
 * Terms of some directions, one row each (a direction, its share of profit and of volume), rows
 * added and removed: a partner's own and the defaults alike. A row offers the directions no other
 * row has; one no longer in the rates stays offered where it is chosen.
 */
export function DirectionTermsRows({
  legend,
  rows,
  directions,
  problems,
  onChange,
}: DirectionTermsRowsProps) {
  const { t } = useTranslation('admin');
  const texts = usePartnerTexts();
  const change = (id: number, changes: Partial<DirectionRow>) =>
    onChange(rows.map((row) => (row.id === id ? { ...row, ...changes } : row)));
  const choicesFor = (row: DirectionRow) => {
    const taken = new Set(rows.filter((other) => other.id !== row.id).map((other) => other.direction));
    const keys = new Set([...directions, ...(row.direction ? [row.direction] : [])]);
    return texts.byName([...keys].filter((key) => !taken.has(key)));
  };
  return (
    <fieldset className="partner-terms-rows">
      <legend>{legend}</legend>
      {problems.directionTerms && <p className="field__error">{problems.directionTerms}</p>}
      {rows.length === 0 && <p className="muted">{t('partners.terms.noDirections')}</p>}
      {rows.map((row, index) => {
        const at = (field: string) => problems[`directionTerms.${index}.${field}`];
        const name = row.direction ? texts.directionName(row.direction) : t('partners.terms.newDirection');
        return (
          // biome-ignore lint/a11y/useSemanticElements: a row of a fieldset, named for the list it is in.
          <div key={row.id} className="partner-terms-row" role="group" aria-label={name}>
            <div className="partner-terms-row__direction">
              <SelectField
                label={t('partners.terms.direction')}
                value={row.direction}
                placeholder={t('partners.terms.pickDirection')}
                options={choicesFor(row)}
                // None chosen yet: the rule's text would name a key's spelling, not what to do.
                error={
                  at('direction') && (row.direction ? at('direction') : t('partners.terms.pickDirection'))
                }
                onChange={(event) => change(row.id, { direction: event.target.value })}
              />
            </div>
            <TextField
              label={t('partners.terms.profit')}
              inputMode="decimal"
              autoComplete="off"
              value={row.profitPercent}
              error={at('profitPercent')}
              onChange={(event) => change(row.id, { profitPercent: event.target.value })}
            />
            <TextField
              label={t('partners.terms.volume')}
              inputMode="decimal"
              autoComplete="off"
              value={row.volumePercent}
              error={at('volumePercent')}
              onChange={(event) => change(row.id, { volumePercent: event.target.value })}
            />
            <Button
              variant="ghost"
              size="sm"
              className="partner-terms-row__remove"
              aria-label={t('partners.terms.removeDirection', { direction: name })}
              onClick={() => onChange(rows.filter((other) => other.id !== row.id))}
            >
              {t('partners.terms.remove')}
            </Button>
          </div>
        );
      })}
      <div>
        <Button variant="secondary" size="sm" onClick={() => onChange([...rows, directionRow()])}>
          {t('partners.terms.addDirection')}
        </Button>
      </div>
    </fieldset>
  );
}
