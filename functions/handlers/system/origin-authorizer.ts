import { logger, withLogContext } from '@functions/commons/logger';
import { gaugeMetric } from '@functions/commons/metrics';
import { matchOriginSecret, ORIGIN_HEADER, originSecretRotatedAt } from '@functions/commons/origin-secret';
import type { APIGatewayRequestAuthorizerEventV2, APIGatewaySimpleAuthorizerResult } from 'aws-lambda';

/**
 * API Gateway's Lambda authorizer on every route (simple responses, payload 2.0): a request passes
 * only with CloudFront's origin header. API Gateway refuses a request without the header (401)
 * before calling this, and caches the answer per header value for 5 minutes, so a caller who
 * bypasses CloudFront costs no function invocation, and CloudFront's own requests almost none.
 */
export const handler = withLogContext(
  async (event: APIGatewayRequestAuthorizerEventV2): Promise<APIGatewaySimpleAuthorizerResult> => {
    const presented = event.headers?.[ORIGIN_HEADER];
    const match = presented === undefined ? undefined : await matchOriginSecret(presented);
    if (match === 'previous') await recordPreviousSecret();
    return { isAuthorized: match !== undefined };
  },
);

/**
 * After a rotation CloudFront sends the previous value until the web stack is deployed with the new
 * one. API Gateway asks again at most every 5 minutes per value, and only while requests come, so a
 * count of these answers is too sparse to say "for an hour"; the time since the rotation says it in
 * any one answer, and the stale-secret alarm fires on the first that is an hour late.
 */
async function recordPreviousSecret(now = Date.now()): Promise<void> {
  const rotatedAt = await originSecretRotatedAt(now);
  if (rotatedAt === undefined) {
    logger.warn('origin secret: the previous value was sent, and the rotation time is not known');
    return;
  }
  gaugeMetric('OriginSecretPreviousMinutes', Math.floor((now - rotatedAt) / 60_000));
}
