import { type FormEvent, useEffect, useState } from 'react';
import { ROLES } from '../../../../../shared/enums';
import { Button } from '../../../components/ui/button';
import { useTranslation } from '../../../lib/i18n';

export interface UserFilterValues {
  search: string;
  role: string;
  isActive: string;
  emailVerified: string;
}

interface UsersFiltersProps {
  values: UserFilterValues;
  onChange: (changes: Partial<UserFilterValues>) => void;
}

/**
 * Role, status and email-confirmed filters (applied at once) and a search box (applied on Enter or
 * the search button, so typing does not fire a request per key).
 */
export function UsersFilters({ values, onChange }: UsersFiltersProps) {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useState(values.search);
  useEffect(() => setSearch(values.search), [values.search]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ search: search.trim() });
  };
  const anyFilter = values.search || values.role || values.isActive || values.emailVerified;
  return (
    <form className="filters" onSubmit={submit} aria-label={t('users.filters.label')}>
      <label className="filters__field filters__field--grow">
        <span className="filters__label">{t('users.filters.search')}</span>
        <input
          type="search"
          className="input input--sm"
          value={search}
          placeholder={t('users.filters.searchPlaceholder')}
          onChange={(event) => setSearch(event.target.value)}
        />
      </label>
      <label className="filters__field">
        <span className="filters__label">{t('users.filters.role')}</span>
        <select
          className="select select--sm"
          value={values.role}
          onChange={(event) => onChange({ role: event.target.value })}
        >
          <option value="">{t('common.all')}</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`roles.${role}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="filters__field">
        <span className="filters__label">{t('users.filters.status')}</span>
        <select
          className="select select--sm"
          value={values.isActive}
          onChange={(event) => onChange({ isActive: event.target.value })}
        >
          <option value="">{t('common.all')}</option>
          <option value="true">{t('users.status.active')}</option>
          <option value="false">{t('users.status.inactive')}</option>
        </select>
      </label>
      <label className="filters__field">
        <span className="filters__label">{t('users.filters.emailVerified')}</span>
        <select
          className="select select--sm"
          value={values.emailVerified}
          onChange={(event) => onChange({ emailVerified: event.target.value })}
        >
          <option value="">{t('common.all')}</option>
          <option value="true">{t('users.emailVerified.yes')}</option>
          <option value="false">{t('users.emailVerified.no')}</option>
        </select>
      </label>
      <div className="filters__actions">
        <Button type="submit" size="sm">
          {t('common.search')}
        </Button>
        {anyFilter && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onChange({ search: '', role: '', isActive: '', emailVerified: '' })}
          >
            {t('common.resetFilters')}
          </Button>
        )}
      </div>
    </form>
  );
}
