import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A provider's local stand-in listening on 127.0.0.1. */
export interface ListeningStandIn {
  url: string;
  server: Server;
  stop: () => Promise<void>;
}

/**
 * Serves a stand-in's request handler on `port` (0: a free one); a handler that throws answers 500,
 * as a provider's own failure would. Stopping drops open connections, so no test waits on keep-alive.
 */
export async function listenStandIn(
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
  port = 0,
): Promise<ListeningStandIn> {
  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Calls one of a stand-in's test-only routes (`/_local/…`) at `baseUrl` with a JSON body; its JSON
 * answer, or an error naming the route and the refusal.
 */
export async function postToStandIn<T = Record<string, unknown>>(
  baseUrl: string,
  path: string,
  body: unknown = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as T;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** A request's whole body as UTF-8 text (the stand-ins' JSON). */
export async function readBodyText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
