import { Route, Routes } from 'react-router-dom';
import { paths } from '../config/paths';
import { GuestOnly, RequireAuth } from './guards';
import { lazyPage } from './lazy-page';
import { RootLayout } from './root-layout';

/* Route-based code splitting: each area is its own chunk, loaded with its namespaces. */
const legal = () => import('./routes/legal-routes');
const auth = () => import('../features/auth');
const AUTH_NAMESPACES = ['auth', 'forms', 'errors'] as const;

const LandingPage = lazyPage(() => import('../features/landing').then((m) => m.LandingPage), ['common']);
const LicenseAgreementPage = lazyPage(() => legal().then((m) => m.LicenseAgreementPage), ['legal']);
const PrivacyPolicyPage = lazyPage(() => legal().then((m) => m.PrivacyPolicyPage), ['legal']);
const FaqPage = lazyPage(() => legal().then((m) => m.FaqPage), ['legal']);
const AmlKycPage = lazyPage(() => legal().then((m) => m.AmlKycPage), ['legal']);
const RatesPage = lazyPage(() => import('../features/rates').then((m) => m.RatesPage), ['common']);
const LoginPage = lazyPage(() => auth().then((m) => m.LoginPage), AUTH_NAMESPACES);
const RegisterPage = lazyPage(() => auth().then((m) => m.RegisterPage), AUTH_NAMESPACES);
const ForgotPasswordPage = lazyPage(() => auth().then((m) => m.ForgotPasswordPage), AUTH_NAMESPACES);
const ResetPasswordPage = lazyPage(() => auth().then((m) => m.ResetPasswordPage), AUTH_NAMESPACES);
const VerifyEmailPage = lazyPage(() => auth().then((m) => m.VerifyEmailPage), AUTH_NAMESPACES);
const GuestLinkPage = lazyPage(() => auth().then((m) => m.GuestLinkPage), AUTH_NAMESPACES);
const ApplyPage = lazyPage(() => import('../features/apply').then((m) => m.ApplyPage), ['forms', 'errors']);
const ProfilePage = lazyPage(
  () => import('../features/profile').then((m) => m.ProfilePage),
  ['profile', 'forms', 'errors', 'security'],
);
const VerificationPage = lazyPage(
  () => import('../features/profile').then((m) => m.VerificationPage),
  ['profile', 'forms', 'errors'],
);
const PartnerPage = lazyPage(
  () => import('../features/partner').then((m) => m.PartnerPage),
  ['profile', 'forms', 'errors'],
);
// The page sends a visitor to the login itself (with redirectTo): no guard here, where every byte
// counts against the landing page's budget.
const OrderPage = lazyPage(
  () => import('../features/order').then((m) => m.OrderPage),
  ['profile', 'forms', 'errors'],
);
const NotFoundPage = lazyPage(() => import('./routes/not-found').then((m) => m.NotFoundPage), ['common']);
const AdminApp = lazyPage(
  () => import('./routes/admin-route').then((m) => m.AdminApp),
  ['admin', 'errors', 'security'],
);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path={paths.home} element={<LandingPage />} />
        <Route path={paths.licenseAgreement} element={<LicenseAgreementPage />} />
        <Route path={paths.privacyPolicy} element={<PrivacyPolicyPage />} />
        <Route path={paths.faq} element={<FaqPage />} />
        <Route path={paths.amlKyc} element={<AmlKycPage />} />
        <Route path={paths.rates} element={<RatesPage />} />
        <Route path={paths.verifyEmail} element={<VerifyEmailPage />} />
        <Route
          path={paths.login}
          element={
            <GuestOnly>
              <LoginPage />
            </GuestOnly>
          }
        />
        <Route
          path={paths.register}
          element={
            <GuestOnly>
              <RegisterPage />
            </GuestOnly>
          }
        />
        <Route
          path={paths.forgotPassword}
          element={
            <GuestOnly>
              <ForgotPasswordPage />
            </GuestOnly>
          }
        />
        <Route
          path={paths.resetPassword}
          element={
            <GuestOnly>
              <ResetPasswordPage />
            </GuestOnly>
          }
        />
        <Route path={paths.apply} element={<ApplyPage />} />
        <Route path={paths.guestLink} element={<GuestLinkPage />} />
        <Route
          path={paths.profile}
          element={
            <RequireAuth>
              <ProfilePage />
            </RequireAuth>
          }
        />
        <Route
          path={paths.verification}
          element={
            <RequireAuth>
              <VerificationPage />
            </RequireAuth>
          }
        />
        <Route
          path={paths.partner}
          element={
            <RequireAuth>
              <PartnerPage />
            </RequireAuth>
          }
        />
        <Route path={paths.order} element={<OrderPage />} />
        <Route path={`${paths.admin}/*`} element={<AdminApp />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
