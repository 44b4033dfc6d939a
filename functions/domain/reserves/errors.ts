import { StateConflict } from '@functions/commons/errors';
import { plainCurrencyAmount } from '@shared/assets';

/**
 * Completing would pay out more of a currency than the office holds: refused, so a reserve never
 * goes below 0 (docs/decisions.md); staff correct the reserve first if the office holds more.
 */
export class ReserveTooLow extends StateConflict {
  constructor(currency: string, heldAmount: number, paidAmount: number) {
    const held = plainCurrencyAmount(heldAmount, currency);
    const paid = plainCurrencyAmount(paidAmount, currency);
    super(
      `The ${currency} reserve is too low to complete this application: it holds ${held} and the application pays out ${paid}. Update the reserve if the office holds more.`,
      // The amounts as numbers, so the web formats them as it formats every other amount.
      { params: { currency, held: heldAmount, paid: paidAmount } },
    );
  }
}

/** An application completed (or someone else saved) between reading the reserves and saving them. */
export class ReservesChangedMeanwhile extends StateConflict {
  constructor() {
    super(
      'The reserves were changed meanwhile (an application was completed or someone saved them). Reload and try again.',
    );
  }
}

/**
 * Staff typed an amount for a currency the books hold: its reserve is what its accounts hold, so
 * money is changed there (an adjustment with a reason, a transfer), not by typing a total.
 */
export class ReserveIsBooked extends StateConflict {
  constructor(currency: string) {
    super(
      `The ${currency} reserve is what its accounts hold: record an adjustment or a transfer on the accounts page instead.`,
      { params: { currency } },
    );
  }
}
