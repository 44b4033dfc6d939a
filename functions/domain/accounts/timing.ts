/**
 * Runs `work` and answers no sooner than `minimumMs` after the start, whether it succeeded or
 * failed, so "an account exists and a mail went out" cannot be told from "no account" by time.
 */
export async function atLeast<T>(minimumMs: number, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const pad = () =>
    new Promise((resolve) => setTimeout(resolve, Math.max(0, started + minimumMs - Date.now())));
  try {
    const result = await work();
    await pad();
    return result;
  } catch (error) {
    await pad();
    throw error;
  }
}
