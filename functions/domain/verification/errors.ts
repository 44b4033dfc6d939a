import { InvalidRequest, NotFound, StateConflict } from '@functions/commons/errors';

/** No card of the caller's has this id (another client's reads the same). */
export class CardNotFound extends NotFound {
  constructor() {
    super('Card not found.');
  }
}

export class TooManyCards extends StateConflict {
  constructor(limit: number) {
    super(`You can keep at most ${limit} cards. Remove one to add another.`, { params: { limit } });
  }
}

/** No verification request of the caller's (or, for staff, at all) has this id. */
export class VerificationNotFound extends NotFound {
  constructor() {
    super('Verification request not found.');
  }
}

/** The card or the identity is verified already: nothing to ask for. */
export class AlreadyVerified extends StateConflict {
  constructor() {
    super('This is verified already.');
  }
}

/** Staff are reviewing photos of it: wait for their decision. */
export class VerificationUnderReview extends StateConflict {
  constructor() {
    super('Staff are reviewing your photos; wait for their decision.');
  }
}

/** The request was sent (or replaced by a newer one): its photos can no longer change. */
export class VerificationNotAwaitingPhotos extends StateConflict {
  constructor() {
    super('This verification request no longer takes photos. Start a new one.');
  }
}

/** A request is sent with every photo its kind needs. */
export class VerificationPhotoMissing extends InvalidRequest {
  constructor(role: string) {
    super(`Upload the ${role} photo first.`, { params: { role } });
  }
}

/** Someone decided the request meanwhile. */
export class VerificationAlreadyDecided extends StateConflict {
  constructor(state: string) {
    super(`This verification request is ${state} already.`, { params: { state } });
  }
}

/** The client removed the card (or started another request for it) while staff reviewed this one. */
export class VerificationSubjectGone extends StateConflict {
  constructor() {
    super('The client removed this card or asked again meanwhile; this request can only be rejected.');
  }
}

/** A photo of a role the request does not take (a selfie for a card). */
export class VerificationPhotoNotAsked extends InvalidRequest {
  constructor(role: string) {
    super(`This verification takes no ${role} photo.`, { params: { role } });
  }
}

/** Staff do not review their own verification (a colleague does). */
export class OwnVerification extends StateConflict {
  constructor() {
    super('A colleague reviews your own verification.');
  }
}
