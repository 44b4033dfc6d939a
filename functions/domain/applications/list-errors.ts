import { BadRequestError } from '@functions/commons/errors';
import { InvalidCursorError, MAX_SKIP, PageTooDeepError } from '@functions/data/query-window';
import { fieldError } from '@shared/envelope';

/** Runs a list read, turning a bad cursor or a too-deep page into a 400 the client can act on. */
export async function withListErrors<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof InvalidCursorError) {
      throw new BadRequestError('Validation failed.', [fieldError('query.cursor', 'Invalid cursor.')]);
    }
    if (error instanceof PageTooDeepError) {
      throw new BadRequestError('Validation failed.', [
        fieldError(
          'query.page',
          `Pages more than ${MAX_SKIP} items from either end are not served; narrow the filter or use cursor.`,
        ),
      ]);
    }
    throw error;
  }
}
