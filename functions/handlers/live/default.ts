import { withLogContext } from '@functions/commons/logger';
import { answerFrame } from '@functions/domain/live/connections';
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';

/** The WebSocket API's `$default` route (manifest `liveSocket.default`): the heartbeat's pong; other frames are ignored. */
export const handler = withLogContext(
  async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> => {
    await answerFrame(event.requestContext.connectionId, event.body);
    return { statusCode: 200 };
  },
);
