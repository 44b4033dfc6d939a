import { canOpenSection } from '@shared/admin-sections';
import { useTranslation } from '@web/lib/i18n';
import { NavLink } from 'react-router-dom';
import { type AdminPageId, adminHref, adminPages } from '../lib/admin-paths';
import { useStaff } from './staff-context';

const NAV_ORDER: AdminPageId[] = [
  'dashboard',
  'users',
  'applications',
  'transactions',
  'ledger',
  'analytics',
  'partners',
  'rates',
  'reserves',
  'payments',
  'verification',
  'geo',
  'settings',
  'pages',
  'security',
  'blacklists',
  'audit',
];

/** The sidebar links (docs/product.md §2); sections the staff member's role cannot open are left out. */
export function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('admin');
  const staff = useStaff();
  return (
    <nav className="admin-nav" aria-label={t('nav.label')}>
      <ul className="admin-nav__list">
        {NAV_ORDER.filter((page) => canOpenSection(staff.role, adminPages[page].section)).map((page) => (
          <li key={page}>
            <NavLink
              to={adminHref(page)}
              end={page === 'dashboard'}
              className="admin-nav__link"
              onClick={onNavigate}
            >
              <span className="admin-nav__dot" aria-hidden="true" />
              {t(`nav.${page}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
