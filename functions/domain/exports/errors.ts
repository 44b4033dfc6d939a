import { NotFound } from '@functions/commons/errors';

/** No export of this id was asked for by the caller (or it is older than two days). */
export class ExportNotFound extends NotFound {
  constructor() {
    super('Export not found: it was asked for by someone else or more than two days ago.');
  }
}
