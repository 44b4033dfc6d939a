import { withLogContext } from '@functions/commons/logger';
import { forgetConnection } from '@functions/domain/live/connections';
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';

/** The WebSocket API's `$disconnect` route (manifest `liveSocket.disconnect`): the connection's item goes. */
export const handler = withLogContext(
  async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> => {
    await forgetConnection(event.requestContext.connectionId);
    return { statusCode: 200 };
  },
);
