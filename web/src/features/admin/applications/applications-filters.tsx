import { type FormEvent, useEffect, useState } from 'react';
import { APPLICATION_STATUSES } from '../../../../../shared/enums';
import { Button } from '../../../components/ui/button';
import { useTranslation } from '../../../lib/i18n';
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

/** Search by id, currency or city; filter by status and by user (spec §2). */
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
    <form className="filters" onSubmit={submit} aria-label={t('applications.filters.label')}>
      <label className="filters__field filters__field--grow">
        <span className="filters__label">{t('applications.filters.search')}</span>
        <input
          type="search"
          className="input input--sm"
          value={search}
          placeholder={t('applications.filters.searchPlaceholder')}
          onChange={(event) => setSearch(event.target.value)}
        />
      </label>
      <label className="filters__field">
        <span className="filters__label">{t('applications.filters.status')}</span>
        <select
          className="select select--sm"
          value={values.status}
          onChange={(event) => onChange({ status: event.target.value })}
        >
          <option value="">{t('common.all')}</option>
          {APPLICATION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(t, status)}
            </option>
          ))}
        </select>
      </label>
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
        <label className="filters__field">
          <span className="filters__label">{t('applications.filters.user')}</span>
          <input
            type="search"
            className="input input--sm"
            value={user}
            placeholder={t('applications.filters.userPlaceholder')}
            aria-invalid={userError ? true : undefined}
            aria-describedby={userError ? 'user-filter-error' : undefined}
            onChange={(event) => {
              setUser(event.target.value);
              setUserError(null);
            }}
          />
          {userError && (
            <span className="field__error" id="user-filter-error">
              {userError}
            </span>
          )}
        </label>
      )}
      <div className="filters__actions">
        <Button type="submit" size="sm" loading={finding}>
          {t('common.search')}
        </Button>
        {anyFilter && (
          <Button variant="ghost" size="sm" onClick={() => onChange({ search: '', status: '', userId: '' })}>
            {t('common.resetFilters')}
          </Button>
        )}
      </div>
    </form>
  );
}
