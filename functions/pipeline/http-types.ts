import type { Principal } from '@functions/domain/accounts/principal';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

export type ApiEvent = APIGatewayProxyEventV2;
export type ApiResult = APIGatewayProxyStructuredResultV2;

/** What the pipeline's middlewares hand to the handler through the Lambda context. */
export interface ApiContext extends Context {
  rawBody?: unknown;
  input?: { params: unknown; headers: unknown; query: unknown; body: unknown };
  principal?: Principal;
}
