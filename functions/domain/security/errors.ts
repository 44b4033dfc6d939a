import { NotFound, NotPermitted, StateConflict } from '@functions/commons/errors';

/** No session of a staff member has this id (or it is a client's: the security page lists staff only). */
export class StaffSessionNotFound extends NotFound {
  constructor() {
    super('No session of a staff member has this id.');
  }
}

/** The session ended meanwhile: revoked, logged out, or past its end. */
export class StaffSessionAlreadyEnded extends StateConflict {
  constructor() {
    super('This session has already ended. Reload the list.');
  }
}

/** The acting SUPER_ADMIN lost their role or was deactivated between the request's check and the write. */
export class SessionRevokeNeedsSuperAdmin extends NotPermitted {
  constructor() {
    super('Only an active SUPER_ADMIN may end staff sessions.');
  }
}
