/**
 * The texts of the accounts API. Where docs/product.md §8 gives one it is used verbatim;
 * the rest follow its tone. The texts of field errors are rules of shared/field-rules.ts.
 */
export const AUTH_MESSAGES = {
  registered: 'Registration successful. Please check your inbox to verify your email.',
  registeredMailFailed:
    'Registration successful, but the verification email could not be sent. Please request to resend the verification email.',
  registrationFailed: 'Registration failed.',
  usernameTaken: 'This username is already taken.',
  loginSucceeded: 'Login successful.',
  /** One answer for an unknown account and a wrong password, so login cannot enumerate accounts. */
  invalidCredentials: 'Login failed. Check your email or username and password.',
  emailNotVerified:
    'Your email is not verified. Please check your inbox or request to resend the verification email.',
  accountDeactivated: 'Your account is deactivated.',
  accountLocked: 'Too many failed login attempts. Please try again later or reset your password.',
  ipThrottled: 'Too many attempts from your network. Please try again later.',
  emailVerified: 'Email verified successfully!',
  emailVerifiedCodeNext: 'Email verified. Enter the code from your authenticator app to log in.',
  verificationTokenMissing: 'Verification token is missing or invalid.',
  verificationLinkInvalid: 'Verification link is invalid or expired.',
  verificationResent:
    'If an account with this email needs verification, a new verification email has been sent.',
  resendThrottled: 'Failed to resend email. Please wait before requesting another verification email.',
  refreshed: 'Token refreshed.',
  refreshInvalid: 'Your session has expired. Please log in again.',
  loggedOut: 'Logged out.',
  sessionEnded: 'Your session has ended. Please log in again.',
  currentPasswordWrong: 'Current password is incorrect.',
  passwordChanged: 'Password changed successfully.',
  forgotAccepted: 'If an account with this email exists, a password reset link has been sent.',
  resetTokenInvalid: 'Password reset link is invalid or expired.',
  passwordReset: 'Your password has been reset. Please log in with your new password.',
  profileUpdated: 'Profile updated successfully.',
  userNotFound: 'User not found.',
  loggedIn: 'Logged in.',
  passwordResetLoggedIn: 'Your password has been reset. You are now logged in.',
  passwordResetCodeNext:
    'Your password has been reset. Enter the code from your authenticator app to log in.',
  mfaCodeRequired: 'Enter the code from your authenticator app.',
  mfaCodeWrong: 'The code is wrong or has already been used.',
  mfaAlreadyOn: 'Two-step verification is already on.',
  mfaNotOn: 'Two-step verification is not on.',
  mfaSetupMissing: 'Start the two-step verification set-up again.',
  mfaLoginExpired: 'The login has expired. Please log in again.',
  secondFactorLocked: 'Too many wrong codes. Two-step verification is locked for a while; try again later.',
  mfaSetupRequired: 'Staff must turn on two-step verification before using the admin area.',
  mfaSetupStarted: 'Scan the code with your authenticator app, then enter the code it shows.',
  mfaEnabled: 'Two-step verification is on. Save your recovery codes now.',
  mfaDisabled: 'Two-step verification is off.',
  mfaReset: "The user's two-step verification was reset.",
  verificationPasswordWrong:
    'The password is not the one of this account. If you did not set it, use "Forgot password".',
} as const;
