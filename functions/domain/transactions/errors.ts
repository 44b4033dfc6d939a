import { InvalidRequest } from '@functions/commons/errors';
import { fieldError } from '@shared/field-rules';

/**
 * A period the history does not read, once a default completed it (`from` alone after today, or
 * more than 366 days before it): the same field rule the query schema gives when both days are sent.
 */
export class PeriodRefused extends InvalidRequest {
  constructor(problem: { field: 'from' | 'to'; code: 'periodOrder' | 'periodTooLong' }) {
    super('Validation failed.', { fields: [fieldError(`query.${problem.field}`, problem.code)] });
  }
}
