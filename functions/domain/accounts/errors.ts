import {
  InvalidRequest,
  NotAuthenticated,
  NotPermitted,
  RateLimited,
  StateConflict,
} from '@functions/commons/errors';
import { type FieldError, fieldError } from '@shared/envelope';
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

/** An access token that is missing, forged, expired or no longer matches the stored user. */
export class AccessTokenInvalid extends NotAuthenticated {
  constructor(message = 'Invalid or expired token.') {
    super(message);
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
      fields: [fieldError('currentPassword', AUTH_MESSAGES.currentPasswordWrong)],
    });
  }
}

/** The invitation code names no active user; `fields` may add other taken fields of the same attempt. */
export class InvitationCodeInvalid extends InvalidRequest {
  constructor(fields: FieldError[] = [fieldError('invitationCode', AUTH_MESSAGES.invitationCodeInvalid)]) {
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
    super(AUTH_MESSAGES.usernameTaken, { fields: [fieldError('username', AUTH_MESSAGES.usernameTaken)] });
  }
}

export class PhotoNotOffered extends InvalidRequest {
  constructor() {
    super('Validation failed.', { fields: [fieldError('photo_url', AUTH_MESSAGES.photoNotOffered)] });
  }
}

/** The account changed between reading and writing it (a concurrent request won). */
export class AccountChangedMeanwhile extends StateConflict {
  constructor(message = 'Your account was changed meanwhile. Please try again.') {
    super(message);
  }
}

/** A second-factor code that is wrong, expired or already used (each code works once). */
export class MfaCodeWrong extends InvalidRequest {
  constructor() {
    super(AUTH_MESSAGES.mfaCodeWrong, { fields: [fieldError('code', AUTH_MESSAGES.mfaCodeWrong)] });
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
      fields: [fieldError('password', AUTH_MESSAGES.verificationPasswordWrong)],
    });
  }
}
