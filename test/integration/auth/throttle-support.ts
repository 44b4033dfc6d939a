import { addWindowHit } from '../../../functions/data/throttle';

/** Fills a throttle window directly, instead of flooding the shared API from 127.0.0.1. */
export async function hitWindowForTest(rule: string, subject: string, times: number, windowMs: number) {
  await Promise.all(Array.from({ length: times }, () => addWindowHit(rule, subject, windowMs)));
}
