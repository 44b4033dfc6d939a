import { hitWindow } from '@functions/data/throttle';
import { MESSAGES_PER_MINUTE_PER_THREAD, MESSAGES_PER_MINUTE_PER_USER } from '@shared/messages';
import { MessagesTooFast, ThreadTooBusy } from './errors';

const MINUTE = 60_000;

/**
 * Books one message against the sender's minute and the thread's minute (fixed windows of the
 * throttle items, functions/data/throttle.ts), or refuses it with 429 and when to send again. The
 * sender is counted first, so a message refused for its sender's pace spends nothing of the
 * thread's; it is called only once the caller may write to the thread, so no stranger spends it.
 */
export async function bookMessage(userId: string, applicationId: string, now: Date): Promise<void> {
  const sender = await hitWindow('message-user', userId, MESSAGES_PER_MINUTE_PER_USER, MINUTE, now);
  if (!sender.allowed) throw new MessagesTooFast(MESSAGES_PER_MINUTE_PER_USER, sender.retryAfterSeconds);
  const thread = await hitWindow(
    'message-thread',
    applicationId,
    MESSAGES_PER_MINUTE_PER_THREAD,
    MINUTE,
    now,
  );
  if (!thread.allowed) throw new ThreadTooBusy(MESSAGES_PER_MINUTE_PER_THREAD, thread.retryAfterSeconds);
}
