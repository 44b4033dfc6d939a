import { AsyncLocalStorage } from 'node:async_hooks';
import type middy from '@middy/core';
import type { Context } from 'aws-lambda';

/**
 * Structured JSON logs: one line per entry with level, time, service and the id of the request
 * being served. Written here rather than taken from Powertools: the same fields cost ~1 KB instead
 * of 24 KB in every bundle, and bundle size is a benchmark target (docs/decisions.md).
 */
const LEVELS = { DEBUG: 10, INFO: 20, WARN: 30, ERROR: 40, SILENT: 100 } as const;
type Level = Exclude<keyof typeof LEVELS, 'SILENT'>;
type Fields = Record<string, unknown>;

/** Per-request keys; a store per invocation keeps concurrent requests apart on the local server. */
const invocation = new AsyncLocalStorage<Fields>();
let coldStart = true;

function threshold(): number {
  const configured = (process.env.LOG_LEVEL ?? 'INFO').toUpperCase();
  return configured in LEVELS ? LEVELS[configured as keyof typeof LEVELS] : LEVELS.INFO;
}

/** Errors do not serialize to JSON by themselves; keep what helps and nothing more. */
function serializable(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

function line(level: Level | 'METRIC', message: string, extra?: Fields | Error): string {
  const fields = extra instanceof Error ? { error: extra } : (extra ?? {});
  const entry: Fields = {
    level,
    message,
    timestamp: new Date().toISOString(),
    service: process.env.SERVICE_NAME ?? 'exchange-api',
    ...invocation.getStore(),
  };
  for (const [key, value] of Object.entries(fields)) entry[key] = serializable(value);
  return JSON.stringify(entry);
}

function write(level: Level, message: string, extra?: Fields | Error): void {
  if (LEVELS[level] < threshold()) return;
  if (level === 'ERROR' || level === 'WARN') console.error(line(level, message, extra));
  else console.log(line(level, message, extra));
}

export const logger = {
  debug: (message: string, extra?: Fields | Error) => write('DEBUG', message, extra),
  info: (message: string, extra?: Fields | Error) => write('INFO', message, extra),
  warn: (message: string, extra?: Fields | Error) => write('WARN', message, extra),
  error: (message: string, extra?: Fields | Error) => write('ERROR', message, extra),
  /**
   * An embedded-metric line (metrics.ts), written at every level: alarms read these figures, so
   * quieting the logs must not silence them. Only SILENT, the tests' "write nothing", which no
   * stage can set (infra/stacks/stages.ts), keeps it back.
   */
  metric: (message: string, fields: Fields) => {
    if (threshold() < LEVELS.SILENT) console.log(line('METRIC', message, fields));
  },
};

/** What Lambda's context tells of an invocation; a job called by hand (a test, a script) gives none. */
interface InvocationContext {
  awsRequestId?: string;
  functionName?: string;
}

/** The keys every line of an invocation starts with; the first invocation of an instance is its cold start. */
function invocationKeys(context: InvocationContext | undefined, extra: Fields = {}): Fields {
  const keys: Fields = {
    ...(context?.awsRequestId ? { requestId: context.awsRequestId } : {}),
    ...extra,
    ...(context?.functionName ? { function: context.functionName } : {}),
    coldStart,
  };
  coldStart = false;
  return keys;
}

/**
 * Tags every log line of an invocation with its request id, function name and cold start, and for
 * an API request with API Gateway's request id, which the access log records, so the two meet.
 */
export function logContext<E, R>(): middy.MiddlewareObj<E, R, Error, Context> {
  return {
    before: (request) => {
      const apiRequestId = (request.event as { requestContext?: { requestId?: string } } | undefined)
        ?.requestContext?.requestId;
      invocation.enterWith(invocationKeys(request.context, apiRequestId ? { apiRequestId } : {}));
    },
  };
}

/**
 * The same log context for a function middy does not wrap (the stream and event workers, the
 * scheduled jobs, the WebSocket routes): every line of the invocation carries its request id and
 * function name, and `keys` (a job's name).
 */
export function withLogContext<E, C extends InvocationContext, R>(
  handler: (event: E, context?: C) => Promise<R>,
  keys: Fields = {},
): (event: E, context?: C) => Promise<R> {
  return (event, context) => invocation.run(invocationKeys(context, keys), () => handler(event, context));
}

/**
 * Runs `work` with more keys on its lines (an outbox item being sent, a chain transfer being
 * matched). A `correlationId` among them names what the work is done for, when that is not the
 * invocation itself: the request or job run that queued an item, or a transfer's txId.
 */
export function withLogKeys<T>(
  keys: Fields & { correlationId?: string },
  work: () => Promise<T>,
): Promise<T> {
  return invocation.run({ ...invocation.getStore(), ...keys }, work);
}

/**
 * What the current work is done for: the correlation id of the scope (withLogKeys), else the
 * invocation's own request id; undefined outside any invocation (a test or script calling the domain).
 * Outbox items carry it, so the lines that send them can be found from the lines that queued them.
 */
export function currentCorrelationId(): string | undefined {
  const store = invocation.getStore();
  return (store?.correlationId as string | undefined) ?? (store?.requestId as string | undefined);
}
