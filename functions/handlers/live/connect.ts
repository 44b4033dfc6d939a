import { withLogContext } from '@functions/commons/logger';
import { admitConnection } from '@functions/domain/live/connections';
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';

/** The `$connect` event carries the URL's query (the type leaves it out). */
type ConnectEvent = APIGatewayProxyWebsocketEventV2 & {
  queryStringParameters?: Record<string, string | undefined> | null;
};

/**
 * The WebSocket API's `$connect` route (manifest `liveSocket.connect`): admitted with a single-use
 * ticket from `POST /live/ticket` in the query (`?ticket=`); anything else is refused with 401 and
 * API Gateway closes the handshake (docs/architecture.md "Live push").
 */
export const handler = withLogContext(async (event: ConnectEvent): Promise<APIGatewayProxyResultV2> => {
  const refusal = await admitConnection(
    event.requestContext.connectionId,
    event.queryStringParameters?.ticket ?? undefined,
  );
  return refusal ? { statusCode: 401, body: 'Unauthorized' } : { statusCode: 200 };
});
