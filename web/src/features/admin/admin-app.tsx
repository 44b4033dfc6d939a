// The admin frame's styles first: each screen's own sheet, imported beside it, comes after.
import './admin.css';
import { type AdminSection, canOpenSection } from '@shared/admin-sections';
import { isStaffRole } from '@shared/enums';
import type { StaffActor } from '@shared/permissions';
import { MfaSettings } from '@web/components/mfa/mfa-settings';
import { AccessDeniedPage } from '@web/components/status/access-denied';
import { PageSpinner } from '@web/components/ui/spinner';
import { useTranslation } from '@web/lib/i18n';
import { useAuthStore } from '@web/stores/auth-store';
import { type ReactNode, useMemo } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { ApplicationsPage } from './applications/applications-page';
import { AuditPage } from './audit/audit-page';
import { BlacklistsPage } from './blacklists/blacklists-page';
import { AdminLayout } from './components/admin-layout';
import { StaffContext } from './components/staff-context';
import { AdminStatusPage } from './components/status-page';
import { DashboardPage } from './dashboard/dashboard-page';
import { GeoPage } from './geo/geo-page';
import { LedgerPage } from './ledger/ledger-page';
import { adminPages } from './lib/admin-paths';
import { PartnersPage } from './partners/partners-page';
import { PaymentTemplatesPage } from './payment-templates/payment-templates-page';
import { RatesPage } from './rates/rates-page';
import { ReportsPage } from './reports/reports-page';
import { ReservesPage } from './reserves/reserves-page';
import { SecurityPage } from './security/security-page';
import { SettingsPage } from './settings/settings-page';
import { SiteContentPage } from './site-content/site-content-page';
import { TransactionsPage } from './transactions/transactions-page';
import { STAFF_INVITATION_PATH, StaffInvitationPage } from './users/staff-invitation-page';
import { UsersPage } from './users/users-page';
import { VerificationPage } from './verification/verification-page';

/**
 * /admin/* (docs/product.md §2): staff only — visitors see access denied with login links, logged-in users
 * without a staff role see access denied; staff who must still set up two-step verification see only
 * its set-up. Inside, each section checks the role's access.
 */
export function AdminApp() {
  const { t } = useTranslation('admin');
  const initializing = useAuthStore((state) => state.initializing);
  const user = useAuthStore((state) => state.user);
  const { pathname } = useLocation();
  const staff = useMemo<StaffActor | null>(
    () => (user && isStaffRole(user.role) ? { id: user.id, role: user.role, isActive: user.isActive } : null),
    [user],
  );
  // A staff invitation's link: for the invitee, who has no account yet (a logged-in visitor too).
  if (pathname === STAFF_INVITATION_PATH) return <StaffInvitationPage />;
  if (initializing) return <PageSpinner label={t('common.loading')} />;
  if (!user) return <AccessDeniedPage reason="login" />;
  if (!staff) return <AccessDeniedPage reason="staff" />;
  // Staff who must set up a second factor get only that screen: the API refuses them everything else.
  if (user.mfaSetupRequired) {
    return (
      <div className="container page mfa-page">
        <MfaSettings user={user} />
      </div>
    );
  }

  const guarded = (section: AdminSection, page: ReactNode) =>
    canOpenSection(staff.role, section) ? page : <AdminStatusPage kind="forbidden" />;

  return (
    <StaffContext.Provider value={staff}>
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={guarded('dashboard', <DashboardPage />)} />
          <Route path={adminPages.users.path} element={guarded('users', <UsersPage />)} />
          <Route
            path={adminPages.applications.path}
            element={guarded('applications', <ApplicationsPage />)}
          />
          <Route path={adminPages.rates.path} element={guarded('rates', <RatesPage />)} />
          <Route path={adminPages.reserves.path} element={guarded('reserves', <ReservesPage />)} />
          <Route path={adminPages.payments.path} element={guarded('payments', <PaymentTemplatesPage />)} />
          <Route
            path={adminPages.verification.path}
            element={guarded('verification', <VerificationPage />)}
          />
          <Route path={adminPages.geo.path} element={guarded('geo', <GeoPage />)} />
          <Route path={adminPages.settings.path} element={guarded('settings', <SettingsPage />)} />
          <Route path={adminPages.security.path} element={guarded('security', <SecurityPage />)} />
          <Route
            path={adminPages.transactions.path}
            element={guarded('transactions', <TransactionsPage />)}
          />
          <Route path={adminPages.ledger.path} element={guarded('ledger', <LedgerPage />)} />
          <Route path={adminPages.blacklists.path} element={guarded('blacklists', <BlacklistsPage />)} />
          <Route path={adminPages.audit.path} element={guarded('audit', <AuditPage />)} />
          <Route path={adminPages.analytics.path} element={guarded('reports', <ReportsPage />)} />
          <Route path={adminPages.partners.path} element={guarded('partners', <PartnersPage />)} />
          <Route path={adminPages.pages.path} element={guarded('pages', <SiteContentPage />)} />
          <Route path="*" element={<AdminStatusPage kind="notFound" />} />
        </Route>
      </Routes>
    </StaffContext.Provider>
  );
}
