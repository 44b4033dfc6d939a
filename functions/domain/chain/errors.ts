import { NotFound, StateConflict } from '@functions/commons/errors';
import type { ApplicationStatus } from '@shared/enums';

/** No transfer of that transaction id was recorded by the chain watcher. */
export class ChainTransferNotFound extends NotFound {
  constructor() {
    super('No transfer of this transaction was recorded.');
  }
}

/** The transfer no longer waits for staff: someone attached or refunded it meanwhile, or it matched. */
export class ChainTransferNotWaiting extends StateConflict {
  constructor() {
    super('This transfer no longer waits for staff. Reload the list.');
  }
}

/** A transfer pays only an application told to pay into the wallet it went to. */
export class ChainTransferOtherWallet extends StateConflict {
  constructor(wallet: string) {
    super(
      `This transfer went to ${wallet}; the application's payment instructions name another wallet, or none.`,
      { params: { wallet } },
    );
  }
}

/** A transfer pays only an application waiting for its payment (WAITING_PAYMENT or PAID). */
export class ChainTransferNotAttachable extends StateConflict {
  constructor(status: ApplicationStatus) {
    super(
      `A transfer can only be attached to an application waiting for its payment; this one is ${status}.`,
      {
        params: { status },
      },
    );
  }
}

/** Money from a sender on the USDT blacklist pays no deal: it is refunded or held, never attached. */
export class ChainTransferBlacklisted extends StateConflict {
  constructor() {
    super('This transfer came from a sender on the USDT blacklist: it cannot pay an application.');
  }
}

/** Money sent before the client was told the amount is not this application's payment. */
export class ChainTransferBeforeInstructions extends StateConflict {
  constructor() {
    super(
      "This transfer was made before the application's payment instructions were issued: it is not its payment.",
    );
  }
}
