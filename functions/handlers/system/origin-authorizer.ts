import { countMetric } from '@functions/commons/metrics';
import { matchOriginSecret, ORIGIN_HEADER } from '@functions/commons/origin-secret';
import type { APIGatewayRequestAuthorizerEventV2, APIGatewaySimpleAuthorizerResult } from 'aws-lambda';

/**
 * API Gateway's Lambda authorizer on every route (simple responses, payload 2.0): a request passes
 * only with CloudFront's origin header. API Gateway refuses a request without the header (401)
 * before calling this, and caches the answer per header value for 5 minutes, so a caller who
 * bypasses CloudFront costs no function invocation, and CloudFront's own requests almost none.
 */
export const handler = async (
  event: APIGatewayRequestAuthorizerEventV2,
): Promise<APIGatewaySimpleAuthorizerResult> => {
  const presented = event.headers?.[ORIGIN_HEADER];
  const match = presented === undefined ? undefined : await matchOriginSecret(presented);
  // After a rotation CloudFront sends the previous value until the web stack is deployed with the
  // new one; an alarm fires if that lasts (docs/operations.md).
  if (match === 'previous') countMetric('OriginSecretPrevious');
  return { isAuthorized: match !== undefined };
};
