import { useTranslation } from '@web/lib/i18n';
import { useResource } from '@web/lib/use-resource';
import { useAuthStore } from '@web/stores/auth-store';
import { adminApi } from '../api/admin-api';
import { Loaded } from '../components/load-state';
import { formatDateTime } from '../lib/format';

/**
 * Who is on shift now (docs/operations.md "Staff shifts and rights"), longest on shift first: the staff
 * alerts of new deals and messages reach. Read again when the reader's own shift changes.
 */
export function OnShiftPanel() {
  const { t, language } = useTranslation('admin');
  const ownShift = useAuthStore((state) => state.user?.onShiftSince ?? null);
  const onShift = useResource((signal) => adminApi.onShift(signal), [ownShift]);
  return (
    <section className="card dashboard__panel" aria-labelledby="on-shift-title">
      <h2 id="on-shift-title" className="panel-title">
        {t('dashboard.onShift.title')}
      </h2>
      <Loaded resource={onShift} errorTitle={t('dashboard.onShift.loadError')}>
        {(staff) =>
          staff.length === 0 ? (
            <p className="muted">{t('dashboard.onShift.empty')}</p>
          ) : (
            <ul className="on-shift" aria-labelledby="on-shift-title">
              {staff.map((person) => (
                <li key={person.id} className="on-shift__person">
                  <strong>{person.name}</strong> <span className="muted">{t(`roles.${person.role}`)}</span>{' '}
                  <span className="nowrap">
                    {t('dashboard.onShift.since', { time: formatDateTime(person.since, language) })}
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </section>
  );
}
