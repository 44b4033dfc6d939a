import { refusalOf } from '@functions/pipeline/middleware/error-mapper';

/**
 * How the API would answer a domain call that is expected to be refused: the status, text and
 * headers the pipeline's error mapper gives its error. Fails when the call succeeds.
 */
export async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    const answer = refusalOf(error);
    if (!answer) throw error;
    return answer;
  }
  throw new Error('expected the call to be refused, but it succeeded');
}
