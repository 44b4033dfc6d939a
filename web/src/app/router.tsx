import { Route, Routes } from 'react-router-dom';
import { paths } from '../config/paths';
import { GuestOnly, RequireAuth } from './guards';
import { lazyPage } from './lazy-page';
import { RootLayout } from './root-layout';

/* Route-based code splitting: each screen is its own chunk, loaded with its namespaces. */
const LandingPage = lazyPage(() => import('../features/landing').then((m) => m.LandingPage), ['common']);
const LicenseAgreementPage = lazyPage(
  () => import('./routes/legal-routes').then((m) => m.LicenseAgreementPage),
  ['legal'],
);
const PrivacyPolicyPage = lazyPage(
  () => import('./routes/legal-routes').then((m) => m.PrivacyPolicyPage),
  ['legal'],
);
const LoginPage = lazyPage(
  () => import('../features/auth').then((m) => m.LoginPage),
  ['auth', 'forms', 'errors'],
);
const RegisterPage = lazyPage(
  () => import('../features/auth').then((m) => m.RegisterPage),
  ['auth', 'forms', 'errors'],
);
const ForgotPasswordPage = lazyPage(
  () => import('../features/auth').then((m) => m.ForgotPasswordPage),
  ['auth', 'forms', 'errors'],
);
const ResetPasswordPage = lazyPage(
  () => import('../features/auth').then((m) => m.ResetPasswordPage),
  ['auth', 'forms', 'errors'],
);
const VerifyEmailPage = lazyPage(
  () => import('../features/auth').then((m) => m.VerifyEmailPage),
  ['auth', 'errors'],
);
const ApplyPage = lazyPage(() => import('../features/apply').then((m) => m.ApplyPage), ['forms', 'errors']);
const ProfilePage = lazyPage(
  () => import('../features/profile').then((m) => m.ProfilePage),
  ['profile', 'forms', 'errors'],
);
const NotFoundPage = lazyPage(() => import('./routes/not-found').then((m) => m.NotFoundPage), ['common']);
const AdminApp = lazyPage(() => import('./routes/admin-route').then((m) => m.AdminApp), ['admin', 'errors']);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path={paths.home.path} element={<LandingPage />} />
        <Route path={paths.licenseAgreement.path} element={<LicenseAgreementPage />} />
        <Route path={paths.privacyPolicy.path} element={<PrivacyPolicyPage />} />
        <Route path={paths.verifyEmail.path} element={<VerifyEmailPage />} />
        <Route
          path={paths.login.path}
          element={
            <GuestOnly>
              <LoginPage />
            </GuestOnly>
          }
        />
        <Route
          path={paths.register.path}
          element={
            <GuestOnly>
              <RegisterPage />
            </GuestOnly>
          }
        />
        <Route
          path={paths.forgotPassword.path}
          element={
            <GuestOnly>
              <ForgotPasswordPage />
            </GuestOnly>
          }
        />
        <Route
          path={paths.resetPassword.path}
          element={
            <GuestOnly>
              <ResetPasswordPage />
            </GuestOnly>
          }
        />
        <Route
          path={paths.apply.path}
          element={
            <RequireAuth>
              <ApplyPage />
            </RequireAuth>
          }
        />
        <Route
          path={paths.profile.path}
          element={
            <RequireAuth>
              <ProfilePage />
            </RequireAuth>
          }
        />
        <Route path={`${paths.admin.path}/*`} element={<AdminApp />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
