import { InvalidRequest, NotFound, StateConflict } from '@functions/commons/errors';
import type { FieldError } from '@shared/envelope';

export class PaymentTemplateNotFound extends NotFound {
  constructor() {
    super('Payment template not found.');
  }
}

/**
 * A deal under way issued its instructions from this template: it stays until they end (the
 * delete's own condition, so a deal issued meanwhile is counted too).
 */
export class TemplateInUse extends StateConflict {
  constructor(openDeals: number) {
    super(
      `This payment template is used by ${openDeals} deal(s) under way; it can be deleted once they end.`,
      { params: { openDeals } },
    );
  }
}

/** Someone saved or deleted the template between reading it and this change. */
export class PaymentTemplateChangedMeanwhile extends StateConflict {
  constructor() {
    super('The payment template was changed by someone else meanwhile. Reload and try again.');
  }
}

/** A template keeps its kind: a card template never becomes an office one (make a new one instead). */
export class PaymentTemplateKindFixed extends StateConflict {
  constructor(kind: string, sent: string) {
    super(`This is a ${kind} template; its kind cannot change to ${sent}. Create a new template instead.`, {
      params: { kind, sent },
    });
  }
}

export class TooManyPaymentTemplates extends StateConflict {
  constructor(limit: number) {
    super(`There are already ${limit} payment templates; delete one before adding another.`, {
      params: { limit },
    });
  }
}

/** The rates know no such currency, or the tree no such city (shared/field-rules.ts codes on the field). */
export class PaymentTemplateFieldsRefused extends InvalidRequest {
  constructor(fields: FieldError[]) {
    super('Validation failed.', { fields });
  }
}
