import { InvalidRequest, NotFound, StateConflict } from '@functions/commons/errors';
import { fieldError } from '@shared/field-rules';

/** Refusals of the books (docs/product.md "Accounts and the books"). */
export class LedgerAccountNotFound extends NotFound {
  constructor() {
    super('Account not found.');
  }
}

/** Only a place money is held is corrected or moved between by hand; the books' accounts follow the deals. */
export class NotAnOfficeAccount extends InvalidRequest {
  constructor() {
    super("The books' own accounts change only with the deals; correct an office account instead.");
  }
}

/** An amount with more decimals than its currency has, or zero where money must move. */
export class LedgerAmountInvalid extends InvalidRequest {
  constructor(currency: string) {
    super(`The amount is not a valid amount of ${currency}.`, {
      params: { currency },
      fields: [fieldError('amount', 'ledgerAmount')],
    });
  }
}

export class OpeningBalanceRecorded extends StateConflict {
  constructor() {
    super("The account's opening balance is already recorded; record an adjustment instead.");
  }
}

export class TransferCurrencyMismatch extends InvalidRequest {
  constructor() {
    super('Money moves between two different office accounts of one currency.');
  }
}

export class LedgerDayClosed extends StateConflict {
  constructor(day: string) {
    super(`The business day ${day} is closed: its figures can no longer change. Record a correction today.`, {
      params: { day },
    });
  }
}

/** Only a business day that has ended is closed (the day's deals still book into it until then). */
export class LedgerDayNotOver extends StateConflict {
  constructor(day: string) {
    super(`The business day ${day} has not ended yet.`, { params: { day } });
  }
}
