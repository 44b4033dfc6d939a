import { LOCAL_UPLOADS_BUCKET } from '@infra/local/s3-stand-in';
import { inject } from 'vitest';

/**
 * Gives test files the same environment the functions run with, so a test may call the data
 * layer or mint tokens directly against the shared DynamoDB Local.
 */
const stack = inject('localStack');
Object.assign(process.env, {
  TABLE_NAME: stack.tableName,
  SITE_URL: stack.apiUrl,
  MAIL_FROM: 'no-reply@exchange.test',
  MAIL_CONFIGURATION_SET: 'exchange-local',
  JWT_SECRET: stack.jwtSecret,
  MFA_KEY: `${stack.jwtSecret}:mfa`,
  ORIGIN_SECRET: stack.originSecret,
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  AWS_ENDPOINT_URL_DYNAMODB: stack.dynamoEndpoint,
  AWS_ENDPOINT_URL_SES: stack.mailUrl,
  UPLOADS_BUCKET: LOCAL_UPLOADS_BUCKET,
  UPLOADS_S3_ENDPOINT: stack.uploadsUrl,
  LOG_LEVEL: 'SILENT',
});
