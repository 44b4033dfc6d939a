import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ORIGIN_HEADER } from '@functions/commons/origin-secret';
import type { ApiEvent, ApiResult } from '@functions/pipeline/http-types';
import { apiRequestListener, type loadApiHandlers } from '@infra/local/api-adapter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The local adapter in front of handlers that answer the headers they were given: the site's
 * listener (CloudFront and API Gateway) and the direct one (API Gateway alone).
 */
const ORIGIN_SECRET = 'unit-origin-secret';
const VIEWER_HEADER = 'cloudfront-viewer-address';
const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;
const MAX_DRAINED_BYTES = 2 * MAX_PAYLOAD_BYTES;

const echoHeaders = async (event: ApiEvent): Promise<ApiResult> => ({
  statusCode: 200,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(event.headers),
});
const handlers = {
  byRouteId: new Map(),
  fallback: echoHeaders,
  authorizer: async () => ({ isAuthorized: true }),
} as unknown as Awaited<ReturnType<typeof loadApiHandlers>>;

let site: Server;
let direct: Server;
let siteUrl: string;
let directUrl: string;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  site = createServer(apiRequestListener(handlers, { checkResponses: false, originSecret: ORIGIN_SECRET }));
  direct = createServer(apiRequestListener(handlers, { checkResponses: false }));
  siteUrl = await listen(site);
  directUrl = await listen(direct);
});

afterAll(async () => {
  for (const server of [site, direct]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

interface Answer {
  status: number | undefined;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The client's end of the connection, as the server sees the caller. */
  local: { address: string | undefined; port: number | undefined };
  reusedSocket: boolean;
}

function send(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer;
    agent?: Agent;
    localAddress?: string;
  },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, {
      method: options.method ?? 'GET',
      headers: options.headers,
      agent: options.agent,
      localAddress: options.localAddress,
    });
    let local: Answer['local'] = { address: undefined, port: undefined };
    outgoing.on('socket', (socket) => {
      const note = () => {
        local = { address: socket.localAddress, port: socket.localPort };
      };
      if (socket.localPort) note();
      else socket.once('connect', note);
    });
    outgoing.on('response', (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve({
          status: incoming.statusCode,
          headers: incoming.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          local,
          reusedSocket: outgoing.reusedSocket,
        }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

const headersSeen = (answer: Answer) => JSON.parse(answer.body) as Record<string, string>;

describe('the local API adapter on the site (CloudFront in front)', () => {
  it("gives the handler the socket's address and port as CloudFront-Viewer-Address", async () => {
    const answer = await send(`${siteUrl}/api/anything`, { localAddress: '127.0.0.5' });

    expect(answer.local.address).toBe('127.0.0.5');
    expect(headersSeen(answer)[VIEWER_HEADER]).toBe(`127.0.0.5:${answer.local.port}`);
  });

  it('replaces a CloudFront-Viewer-Address the caller sent', async () => {
    const answer = await send(`${siteUrl}/api/anything`, {
      headers: { [VIEWER_HEADER]: '203.0.113.9:443' },
      localAddress: '127.0.0.6',
    });

    expect(headersSeen(answer)[VIEWER_HEADER]).toBe(`127.0.0.6:${answer.local.port}`);
  });
});

describe('the local API adapter reached around CloudFront (the direct listener)', () => {
  it('adds no CloudFront-Viewer-Address', async () => {
    const answer = await send(`${directUrl}/api/anything`, { headers: { [ORIGIN_HEADER]: ORIGIN_SECRET } });

    expect(answer.status).toBe(200);
    expect(headersSeen(answer)).not.toHaveProperty(VIEWER_HEADER);
  });

  it('passes on what the caller sent, as API Gateway would', async () => {
    const answer = await send(`${directUrl}/api/anything`, {
      headers: { [ORIGIN_HEADER]: ORIGIN_SECRET, [VIEWER_HEADER]: '203.0.113.9:443' },
    });

    expect(headersSeen(answer)[VIEWER_HEADER]).toBe('203.0.113.9:443');
  });
});

describe('a body over the payload limit', () => {
  it('is answered 413, and the kept-alive connection then serves the next request', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await send(`${siteUrl}/api/anything`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: Buffer.alloc(MAX_PAYLOAD_BYTES + 1024 * 1024),
        agent,
      });
      const next = await send(`${siteUrl}/api/anything`, { agent });

      expect(refused.status).toBe(413);
      expect(next.status).toBe(200);
      expect(next.reusedSocket).toBe(true);
    } finally {
      agent.destroy();
    }
  });

  it('is answered 413 with its connection closed when it goes on past what is drained of it', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await send(`${siteUrl}/api/anything`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        // One byte past the drained bytes: all of it is sent before the answer, which makes the
        // answer certain (a client still sending when the connection closes may see a reset instead).
        body: Buffer.alloc(MAX_DRAINED_BYTES + 1),
        agent,
      });
      const next = await send(`${siteUrl}/api/anything`, { agent });

      expect(refused.status).toBe(413);
      expect(refused.headers.connection).toBe('close');
      expect(next.status).toBe(200);
      expect(next.reusedSocket).toBe(false);
    } finally {
      agent.destroy();
    }
  });
});
