import type { Role } from '@shared/enums';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { UserRecord } from '../data/users';

export type ApiEvent = APIGatewayProxyEventV2;
export type ApiResult = APIGatewayProxyStructuredResultV2;

/** The caller of an authenticated route, loaded and checked against the stored user. */
export interface Principal {
  userId: string;
  role: Role;
  sessionId: string;
  user: UserRecord;
}

/** What the pipeline's middlewares hand to the handler through the Lambda context. */
export interface ApiContext extends Context {
  rawBody?: unknown;
  input?: { params: unknown; headers: unknown; query: unknown; body: unknown };
  principal?: Principal;
}
