import { Button } from '@web/components/ui/button';
import { useTranslation } from '@web/lib/i18n';
import type { FormEvent, InputHTMLAttributes, ReactNode } from 'react';
import './filter-bar.css';

interface FilterBarProps {
  /** The form's accessible name. */
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  /** Set while the submitted search is being resolved. */
  searching?: boolean;
  /** Clears every filter; the reset button shows only when given (some filter is set). */
  onReset?: () => void;
}

/** A table's filters in one row, with the search button and, when a filter is set, a reset. */
export function FilterBar({ label, onSubmit, children, searching, onReset }: FilterBarProps) {
  const { t } = useTranslation('admin');
  return (
    <form className="filters" onSubmit={onSubmit} aria-label={label}>
      {children}
      <div className="filters__actions">
        <Button type="submit" size="sm" loading={searching}>
          {t('common.search')}
        </Button>
        {onReset && (
          <Button variant="ghost" size="sm" onClick={onReset}>
            {t('common.resetFilters')}
          </Button>
        )}
      </div>
    </form>
  );
}

/** One labelled filter; `grow` lets it take the row's free width (the search box). */
export function FilterField({
  label,
  grow,
  children,
}: {
  label: string;
  grow?: boolean;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child, inside the label.
    <label className={grow ? 'filters__field filters__field--grow' : 'filters__field'}>
      <span className="filters__label">{label}</span>
      {children}
    </label>
  );
}

/** A free-text filter box (applied when the filters are submitted, not per key). */
export function FilterSearch({
  onText,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { onText: (text: string) => void }) {
  return (
    <input
      type="search"
      className="input input--sm"
      onChange={(event) => onText(event.target.value)}
      {...rest}
    />
  );
}

interface FilterSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: Array<{ value: string; label: string }>;
}

/** A filter applied as soon as it is chosen; its first option, "All", sets none. */
export function FilterSelect({ label, value, onChange, options }: FilterSelectProps) {
  const { t } = useTranslation('admin');
  return (
    <FilterField label={label}>
      <select className="select select--sm" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('common.all')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FilterField>
  );
}
