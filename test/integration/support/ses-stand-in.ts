import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SesStandIn {
  /** The endpoint to give the SDK (AWS_ENDPOINT_URL_SES). */
  url: string;
  /** SES answers 503 ServiceUnavailable to every call until `recover`. */
  fail(): void;
  recover(): void;
  /** Calls refused so far. */
  readonly refused: number;
  close(): Promise<void>;
}

const UNAVAILABLE = `<ErrorResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/">
<Error><Type>Receiver</Type><Code>ServiceUnavailable</Code><Message>Service unavailable (stand-in)</Message></Error>
<RequestId>stand-in</RequestId></ErrorResponse>`;

/**
 * An SES endpoint between the sender and the local SES inbox: it passes every call on to the inbox,
 * or, while failing, answers as SES does when it is down (HTTP 503, ServiceUnavailable), so the
 * sender meets a real SES failure over HTTP through its real SDK client, retries included.
 */
export async function startSesStandIn(inboxUrl: string): Promise<SesStandIn> {
  let failing = false;
  let refused = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (failing) {
        refused += 1;
        response.writeHead(503, { 'Content-Type': 'text/xml' }).end(UNAVAILABLE);
        return;
      }
      fetch(new URL(request.url ?? '/', inboxUrl), {
        method: request.method,
        headers: forwardedHeaders(request.headers),
        body: request.method === 'GET' ? undefined : Buffer.concat(chunks),
      })
        .then(async (answer) => {
          response
            .writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'text/xml' })
            .end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => response.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    fail: () => {
      failing = true;
    },
    recover: () => {
      failing = false;
    },
    get refused() {
      return refused;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The caller's headers, less those that describe its own connection (the inbox checks the signature's presence). */
function forwardedHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const forwarded: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))
      forwarded[name] = value;
  return forwarded;
}
