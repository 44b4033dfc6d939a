import { envelopeSchema } from '@shared/envelope';
import type * as z from 'zod/mini';

/**
 * The plumbing of the smoke checks (smoke-checks.ts): requests with a timeout through Node's own
 * fetch, answers read against the contract's schemas, and results timed and stripped of secrets.
 */
export type Outcome = 'pass' | 'fail' | 'skip';

export interface CheckResult {
  name: string;
  outcome: Outcome;
  /** What the check saw: on a failure, what was wrong and what to do. */
  saw: string;
  ms: number;
}

/** A check's run: its timeout and the values no result may show (grows as tokens arrive). */
export interface CheckContext {
  timeoutMs: number;
  secrets: Set<string>;
}

/** A check that did not see what it expects; its message is the result's `saw`. */
export class CheckFailed extends Error {}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The start of the body for a message, secrets removed before it is cut (a cut one would slip through). */
  excerpt: string;
}

/** One request; no answer (refused, unresolvable, too slow) fails the check with the reason. */
export async function request(context: CheckContext, url: string, init: RequestInit = {}): Promise<Answer> {
  try {
    // The signal covers the body too: a server that sends headers and then stalls times out as well.
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(context.timeoutMs) });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      text,
      excerpt: excerpt(redact(text, context.secrets)),
    };
  } catch (error) {
    throw new CheckFailed(`${new URL(url).pathname}: ${noAnswerReason(error, context.timeoutMs)}`);
  }
}

function noAnswerReason(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === 'TimeoutError')
    return `no answer within ${timeoutMs} ms`;
  const cause =
    error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  return `no answer (${cause?.code ?? cause?.message ?? String(error)})`;
}

/** The answer's body as JSON in the contract's envelope (shared/envelope.ts), `data` read with its schema. */
export function readEnvelope<T extends z.ZodMiniType>(answer: Answer, what: string, data: T) {
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    throw new CheckFailed(
      `${what} answered ${answer.status} with a body that is not JSON: ${answer.excerpt}`,
    );
  }
  const parsed = envelopeSchema(data).safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
    throw new CheckFailed(
      `${what} answered ${answer.status} in a shape the contract refuses: ${issues.join('; ')}`,
    );
  }
  return parsed.data;
}

/** The envelope's `data`, which the contract lets be absent but a successful answer must carry. */
export function dataOf<T>(envelope: { data?: T | undefined }, what: string): T {
  if (envelope.data === undefined) throw new CheckFailed(`${what} answered without data`);
  return envelope.data;
}

/** The start of a body, on one line, for a failure's message. */
export function excerpt(text: string, length = 80): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > length ? `${line.slice(0, length)}…` : line || '(empty)';
}

/** Runs one check and times it; a failure or an unexpected error becomes a failed result. */
export async function timed(
  context: CheckContext,
  name: string,
  run: () => Promise<string>,
): Promise<CheckResult> {
  const started = performance.now();
  let outcome: Outcome = 'pass';
  let saw: string;
  try {
    saw = await run();
  } catch (error) {
    outcome = 'fail';
    saw = error instanceof CheckFailed ? error.message : `unexpected error: ${String(error)}`;
  }
  return { name, outcome, saw: redact(saw, context.secrets), ms: Math.round(performance.now() - started) };
}

export function skipped(name: string, reason: string): CheckResult {
  return { name, outcome: 'skip', saw: reason, ms: 0 };
}

/** Whatever a check says, no password or token of its run reaches the output. */
function redact(text: string, secrets: Set<string>): string {
  let safe = text;
  for (const secret of secrets) if (secret) safe = safe.split(secret).join('[redacted]');
  return safe;
}
