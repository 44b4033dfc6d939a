import {
  InvalidRequest,
  NotAuthenticated,
  NotPermitted,
  RateLimited,
  StateConflict,
} from '@functions/commons/errors';
import type { FieldError } from '@shared/envelope';
import { fieldError } from '@shared/field-rules';
import { AUTH_MESSAGES } from './messages';

/** Unknown account or wrong password: one refusal for both, so login reveals no accounts. */
export class InvalidCredentials extends NotAuthenticated {
  constructor() {
    super(AUTH_MESSAGES.invalidCredentials);
  }
}

export class AccountDeactivated extends NotPermitted {
  constructor() {
    super(AUTH_MESSAGES.accountDeactivated);
  }
}

export class EmailNotVerified extends NotPermitted {
  constructor() {
    super(AUTH_MESSAGES.emailNotVerified);
  }
}

/** The session family was revoked (logout, reuse, password change) or never started. */
export class SessionEnded extends NotAuthenticated {
  constructor() {
    super(AUTH_MESSAGES.sessionEnded);
  }
}

export class RefreshTokenInvalid extends NotAuthenticated {
  constructor() {
    super(AUTH_MESSAGES.refreshInvalid);
  }
}

/** A request to a route that needs a session came without an access token. */
export class NotLoggedIn extends NotAuthenticated {
  constructor() {
    super('Not authenticated.');
  }
}

/** An access token that is forged, expired or names a user that no longer exists. */
export class AccessTokenInvalid extends NotAuthenticated {
  constructor() {
    super('Invalid or expired token.');
  }
}

/** The user's role changed after the access token was issued: a new login gives the new one. */
export class RoleChanged extends NotAuthenticated {
  constructor() {
    super('Your role has changed. Please log in again.');
  }
}

/** The caller's role is below what the route needs. */
export class RoleTooLow extends NotPermitted {
  constructor() {
    super('You do not have permission to do this.');
  }
}

export class VerificationTokenMissing extends InvalidRequest {
  constructor() {
    super(AUTH_MESSAGES.verificationTokenMissing);
  }
}

export class VerificationLinkInvalid extends InvalidRequest {
  constructor() {
    super(AUTH_MESSAGES.verificationLinkInvalid);
  }
}

/** A staff invitation's link that is unknown, replaced by a resend, revoked, used or past its 48 hours. */
export class InvitationLinkInvalid extends InvalidRequest {
  constructor() {
    super('This invitation link is invalid or has expired. Ask an administrator for a new one.');
  }
}

export class ResetLinkInvalid extends InvalidRequest {
  constructor() {
    super(AUTH_MESSAGES.resetTokenInvalid);
  }
}

/** Too many attempts from one network address. */
export class AddressThrottled extends RateLimited {
  constructor(retryAfterSeconds: number) {
    super(AUTH_MESSAGES.ipThrottled, { retryAfterSeconds });
  }
}

export class ResendThrottled extends RateLimited {
  constructor(retryAfterSeconds: number) {
    super(AUTH_MESSAGES.resendThrottled, { retryAfterSeconds });
  }
}

/** Five failed logins of one account: it is locked for a while, whatever the password. */
export class AccountLocked extends RateLimited {
  constructor(retryAfterSeconds: number) {
    super(AUTH_MESSAGES.accountLocked, { retryAfterSeconds });
  }
}

/** Too many wrong second-factor codes: the factor refuses even the right one until the lock ends. */
export class SecondFactorLocked extends RateLimited {
  constructor(retryAfterSeconds: number) {
    super(AUTH_MESSAGES.secondFactorLocked, { retryAfterSeconds });
  }
}

export class CurrentPasswordWrong extends InvalidRequest {
  constructor() {
    super(AUTH_MESSAGES.currentPasswordWrong, {
      fields: [fieldError('currentPassword', 'currentPasswordWrong')],
    });
  }
}

/** The invitation code names no active user; `fields` may add other taken fields of the same attempt. */
export class InvitationCodeInvalid extends InvalidRequest {
  constructor(fields: FieldError[] = [fieldError('invitationCode', 'invitationCodeInvalid')]) {
    super(AUTH_MESSAGES.registrationFailed, { fields });
  }
}

/** The email or username of a registration belongs to another account; `fields` says which. */
export class AddressTaken extends StateConflict {
  constructor(fields: FieldError[]) {
    super(AUTH_MESSAGES.registrationFailed, { fields });
  }
}

export class UsernameTaken extends StateConflict {
  constructor() {
    super(AUTH_MESSAGES.usernameTaken, { fields: [fieldError('username', 'usernameTaken')] });
  }
}

export class PhotoNotOffered extends InvalidRequest {
  constructor() {
    super('Validation failed.', { fields: [fieldError('photo_url', 'photoNotOffered')] });
  }
}

/** The account changed between reading and writing it (a concurrent request won). */
export class AccountChangedMeanwhile extends StateConflict {
  constructor() {
    super('Your account was changed meanwhile. Please try again.');
  }
}

/** A profile edit lost the race with another change of the account. */
export class ProfileChangedMeanwhile extends StateConflict {
  constructor() {
    super('Your profile was changed meanwhile. Please try again.');
  }
}

/** A second-factor code that is wrong, expired or already used (each code works once). */
export class MfaCodeWrong extends InvalidRequest {
  constructor() {
    super(AUTH_MESSAGES.mfaCodeWrong, { fields: [fieldError('code', 'mfaCodeWrong')] });
  }
}

export class MfaAlreadyOn extends StateConflict {
  constructor() {
    super(AUTH_MESSAGES.mfaAlreadyOn);
  }
}

export class MfaNotOn extends StateConflict {
  constructor() {
    super(AUTH_MESSAGES.mfaNotOn);
  }
}

/** Enable without a set-up, or after another set-up replaced the one the code belongs to. */
export class MfaSetupMissing extends StateConflict {
  constructor() {
    super(AUTH_MESSAGES.mfaSetupMissing);
  }
}

/** The login's second step was not started, has expired or was already completed. */
export class MfaLoginExpired extends NotAuthenticated {
  constructor() {
    super(AUTH_MESSAGES.mfaLoginExpired);
  }
}

/** Staff while `staffMfaRequired` is on and they have no second factor: only its set-up is open. */
export class MfaSetupRequired extends NotPermitted {
  constructor() {
    super(AUTH_MESSAGES.mfaSetupRequired);
  }
}

/** A verification link opened with a password that is not the account's. */
export class VerificationPasswordWrong extends InvalidRequest {
  constructor() {
    super(AUTH_MESSAGES.verificationPasswordWrong, {
      fields: [fieldError('password', 'verificationPasswordWrong')],
    });
  }
}
