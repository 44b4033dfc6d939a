import { NotFound, NotPermitted, StateConflict } from '@functions/commons/errors';
import type { FieldError } from '@shared/envelope';

export class UserNotFound extends NotFound {
  constructor() {
    super('User not found.');
  }
}

/** The role hierarchy (docs/architecture.md §6) does not let this staff member make this change. */
export class StaffChangeNotPermitted extends NotPermitted {}

/** Another request changed the user first; the staff member should reload and decide again. */
export class UserChangedMeanwhile extends StateConflict {
  constructor() {
    super('The user was changed by another request. Please reload and try again.');
  }
}

/** A staff edit gave an email or username another account holds; `fields` says which. */
export class UserFieldTaken extends StateConflict {
  constructor(fields: FieldError[]) {
    super(fields[0]?.msg ?? 'The user was changed by another request. Please reload and try again.', {
      fields,
    });
  }
}
