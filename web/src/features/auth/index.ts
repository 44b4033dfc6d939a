export { ForgotPasswordPage } from './components/forgot-password-page';
export { GuestLinkPage } from './components/guest-link-page';
export { LoginPage } from './components/login-page';
export { RegisterPage } from './components/register-page';
export { ResetPasswordPage } from './components/reset-password-page';
export { VerifyEmailPage } from './components/verify-email-page';
