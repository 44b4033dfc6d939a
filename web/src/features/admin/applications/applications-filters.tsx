import { APPLICATION_STATUSES } from '@shared/enums';
import { useTranslation } from '@web/lib/i18n';
import { type FormEvent, useEffect, useState } from 'react';
import { FilterBar, FilterField, FilterSearch, FilterSelect } from '../components/filter-bar';
import { statusLabel } from '../components/status-badge';

export interface ApplicationFilterValues {
  search: string;
  status: string;
  userId: string;
}

interface ApplicationsFiltersProps {
  values: ApplicationFilterValues;
  /** The filtered user's email, when known (shown instead of the id). */
  userLabel: string | null;
  onChange: (changes: Partial<ApplicationFilterValues>) => void;
  /** Finds the user for an email or username typed in the user filter; null when none matches. */
  findUser: (text: string) => Promise<string | null>;
}

/** Search by id, currency or city; filter by status and by user (docs/product.md §2). */
export function ApplicationsFilters({ values, userLabel, onChange, findUser }: ApplicationsFiltersProps) {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useState(values.search);
  const [user, setUser] = useState('');
  const [userError, setUserError] = useState<string | null>(null);
  const [finding, setFinding] = useState(false);
  useEffect(() => setSearch(values.search), [values.search]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const changes: Partial<ApplicationFilterValues> = { search: search.trim() };
    const wanted = user.trim();
    if (wanted) {
      setFinding(true);
      const userId = await findUser(wanted).finally(() => setFinding(false));
      if (!userId) {
        setUserError(t('applications.filters.userNotFound'));
        return;
      }
      changes.userId = userId;
      setUser('');
    }
    setUserError(null);
    onChange(changes);
  };

  const anyFilter = values.search || values.status || values.userId;
  return (
    <FilterBar
      label={t('applications.filters.label')}
      onSubmit={submit}
      searching={finding}
      onReset={anyFilter ? () => onChange({ search: '', status: '', userId: '' }) : undefined}
    >
      <FilterField label={t('applications.filters.search')} grow>
        <FilterSearch
          value={search}
          placeholder={t('applications.filters.searchPlaceholder')}
          onText={setSearch}
        />
      </FilterField>
      <FilterSelect
        label={t('applications.filters.status')}
        value={values.status}
        onChange={(status) => onChange({ status })}
        options={APPLICATION_STATUSES.map((status) => ({ value: status, label: statusLabel(t, status) }))}
      />
      {values.userId ? (
        <div className="filters__field">
          <span className="filters__label">{t('applications.filters.user')}</span>
          <span className="filter-chip">
            <span className="filter-chip__text">{userLabel ?? values.userId}</span>
            <button
              type="button"
              className="filter-chip__remove"
              aria-label={t('applications.filters.clearUser')}
              onClick={() => onChange({ userId: '' })}
            >
              ×
            </button>
          </span>
        </div>
      ) : (
        <FilterField label={t('applications.filters.user')}>
          <FilterSearch
            value={user}
            placeholder={t('applications.filters.userPlaceholder')}
            aria-invalid={userError ? true : undefined}
            aria-describedby={userError ? 'user-filter-error' : undefined}
            onText={(text) => {
              setUser(text);
              setUserError(null);
            }}
          />
          {userError && (
            <span className="field__error" id="user-filter-error">
              {userError}
            </span>
          )}
        </FilterField>
      )}
    </FilterBar>
  );
}
