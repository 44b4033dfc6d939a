import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { liveSocket } from '@functions/routes/manifest';
import { LIVE_IDLE_SECONDS, LIVE_MAX_CONNECTION_SECONDS } from '@shared/contract/live';
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2, Context } from 'aws-lambda';
import { type WebSocket, WebSocketServer } from 'ws';
import { lambdaContext, loadFunctionModule } from './api-adapter';

/** Where the site serves the live WebSocket (AWS: the WebSocket API's stage, `LIVE_URL`). */
export const LIVE_PATH = '/live';

type SocketHandler = (
  event: APIGatewayProxyWebsocketEventV2,
  context: Context,
  callback: () => void,
) => Promise<APIGatewayProxyResultV2>;

export interface LocalLiveSockets {
  /** What the ticket route answers as `url` (`LIVE_URL`): the site's own port, path `/live`. */
  url: string;
  /** The stand-in of API Gateway's management API (`LIVE_MANAGEMENT_URL`). */
  managementUrl: string;
  /** Connections open now. */
  readonly open: number;
  stop(): Promise<void>;
}

export interface LiveSocketOptions {
  /** API Gateway's limits; shorter ones let a test see them act. */
  maxConnectionSeconds?: number;
  idleSeconds?: number;
}

/**
 * API Gateway's WebSocket API on this machine (docs/architecture.md "Live push"): upgrades on the
 * site's own HTTP server at `/live` run the manifest's `$connect` handler first (a non-2xx answer
 * refuses the handshake with that status, as API Gateway does), then each text frame runs
 * `$default` and a close runs `$disconnect`; a connection is closed at the 2 h limit and after
 * 10 idle minutes. Beside it, a stand-in of the management API on a port of its own:
 * `POST {stage}/@connections/{id}` sends the body down that socket as a text frame, and answers
 * 410 Gone (`GoneException`) for a connection that is not open, which is what the functions'
 * `@aws-sdk/client-apigatewaymanagementapi` calls; `DELETE` closes it.
 */
export async function startLiveSockets(
  site: Server,
  siteUrl: string,
  options: LiveSocketOptions = {},
): Promise<LocalLiveSockets> {
  const maxMs = (options.maxConnectionSeconds ?? LIVE_MAX_CONNECTION_SECONDS) * 1000;
  const idleMs = (options.idleSeconds ?? LIVE_IDLE_SECONDS) * 1000;
  const connect = await loadFunctionModule<SocketHandler>(liveSocket.connect.handler);
  const disconnect = await loadFunctionModule<SocketHandler>(liveSocket.disconnect.handler);
  const frame = await loadFunctionModule<SocketHandler>(liveSocket.default.handler);
  const sockets = new Map<string, WebSocket>();
  const wss = new WebSocketServer({ noServer: true });
  const domainName = new URL(siteUrl).host;

  const event = (
    routeKey: '$connect' | '$disconnect' | '$default',
    connectionId: string,
    extra: { body?: string; queryStringParameters?: Record<string, string> } = {},
  ) =>
    ({
      requestContext: {
        routeKey,
        eventType:
          routeKey === '$connect' ? 'CONNECT' : routeKey === '$disconnect' ? 'DISCONNECT' : 'MESSAGE',
        connectionId,
        domainName,
        stage: 'live',
        apiId: 'local',
        requestId: randomBytes(8).toString('hex'),
        extendedRequestId: randomBytes(8).toString('hex'),
        requestTimeEpoch: Date.now(),
        connectedAt: Date.now(),
        messageDirection: 'IN',
      },
      isBase64Encoded: false,
      ...extra,
    }) as APIGatewayProxyWebsocketEventV2;

  const run = async (handler: SocketHandler, name: string, input: APIGatewayProxyWebsocketEventV2) => {
    try {
      const result = await handler(input, lambdaContext(name), () => {});
      return typeof result === 'object' && result !== null ? (result.statusCode ?? 200) : 200;
    } catch (error) {
      console.error(`live ${name}:`, error);
      return 500;
    }
  };

  const refuse = (socket: Duplex, status: number, reason: string) => {
    socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== LIVE_PATH) {
      refuse(socket, 404, 'Not Found');
      return;
    }
    socket.on('error', () => socket.destroy());
    // API Gateway's connection ids are 16 characters of base64.
    const connectionId = randomBytes(11).toString('base64').slice(0, 15).concat('=');
    const query = Object.fromEntries(url.searchParams);
    void run(
      connect,
      'liveConnect',
      event('$connect', connectionId, {
        ...(Object.keys(query).length > 0 ? { queryStringParameters: query } : {}),
      }),
    ).then((status) => {
      if (status < 200 || status > 299) {
        refuse(socket, status, status === 401 ? 'Unauthorized' : 'Refused');
        return;
      }
      wss.handleUpgrade(request, socket, head, (ws) => {
        sockets.set(connectionId, ws);
        const ageLimit = setTimeout(() => ws.close(1001, 'Going away'), maxMs);
        let idle = setTimeout(() => ws.close(1001, 'Going away'), idleMs);
        ws.on('message', (data, isBinary) => {
          clearTimeout(idle);
          idle = setTimeout(() => ws.close(1001, 'Going away'), idleMs);
          const body = isBinary ? undefined : data.toString();
          void run(frame, 'liveDefault', event('$default', connectionId, { body }));
        });
        ws.on('close', () => {
          clearTimeout(ageLimit);
          clearTimeout(idle);
          sockets.delete(connectionId);
          void run(disconnect, 'liveDisconnect', event('$disconnect', connectionId));
        });
      });
    });
  };
  site.on('upgrade', onUpgrade);

  const management = createServer((request, response) => {
    const match = /^\/[^/]+\/@connections\/([^/?]+)$/.exec(request.url ?? '');
    const connectionId = match ? decodeURIComponent(match[1]!) : '';
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const ws = sockets.get(connectionId);
      if (!match || (request.method !== 'POST' && request.method !== 'DELETE')) {
        response.writeHead(404, { 'Content-Type': 'application/json' }).end('{"message":"Not Found"}');
        return;
      }
      if (!ws || ws.readyState !== ws.OPEN) {
        response
          .writeHead(410, { 'Content-Type': 'application/json', 'x-amzn-ErrorType': 'GoneException' })
          .end('{"message":null}');
        return;
      }
      if (request.method === 'DELETE') ws.close(1000);
      else ws.send(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(request.method === 'DELETE' ? 204 : 200).end();
    });
  });
  await new Promise<void>((resolve) => management.listen(0, '127.0.0.1', resolve));
  const managementUrl = `http://127.0.0.1:${(management.address() as AddressInfo).port}${LIVE_PATH}`;

  return {
    url: `${siteUrl.replace(/^http/, 'ws')}${LIVE_PATH}`,
    managementUrl,
    get open() {
      return sockets.size;
    },
    async stop() {
      site.off('upgrade', onUpgrade);
      for (const ws of sockets.values()) ws.terminate();
      wss.close();
      await new Promise<void>((resolve) => {
        management.closeAllConnections();
        management.close(() => resolve());
      });
    },
  };
}
