import { ROLES } from '@shared/enums';
import { useTranslation } from '@web/lib/i18n';
import { type FormEvent, useEffect, useState } from 'react';
import { FilterBar, FilterField, FilterSearch, FilterSelect } from '../components/filter-bar';

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
  const yesNo = (yes: string, no: string) => [
    { value: 'true', label: yes },
    { value: 'false', label: no },
  ];
  return (
    <FilterBar
      label={t('users.filters.label')}
      onSubmit={submit}
      onReset={
        anyFilter ? () => onChange({ search: '', role: '', isActive: '', emailVerified: '' }) : undefined
      }
    >
      <FilterField label={t('users.filters.search')} grow>
        <FilterSearch value={search} placeholder={t('users.filters.searchPlaceholder')} onText={setSearch} />
      </FilterField>
      <FilterSelect
        label={t('users.filters.role')}
        value={values.role}
        onChange={(role) => onChange({ role })}
        options={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
      />
      <FilterSelect
        label={t('users.filters.status')}
        value={values.isActive}
        onChange={(isActive) => onChange({ isActive })}
        options={yesNo(t('users.status.active'), t('users.status.inactive'))}
      />
      <FilterSelect
        label={t('users.filters.emailVerified')}
        value={values.emailVerified}
        onChange={(emailVerified) => onChange({ emailVerified })}
        options={yesNo(t('users.emailVerified.yes'), t('users.emailVerified.no'))}
      />
    </FilterBar>
  );
}
