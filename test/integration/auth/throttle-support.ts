import { addWindowHit } from '@functions/data/throttle';

/**
 * Fills a throttle window directly, instead of flooding the shared API from 127.0.0.1. Pass the
 * `now` the domain call will use, so both fall in the same window even at a window's edge.
 */
export async function hitWindowForTest(
  rule: string,
  subject: string,
  times: number,
  windowMs: number,
  now = new Date(),
) {
  await Promise.all(Array.from({ length: times }, () => addWindowHit(rule, subject, windowMs, now)));
}
