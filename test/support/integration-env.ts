import { LOCAL_AML_API_KEY } from '@infra/local/aml-stand-in';
import { LOCAL_SITE_BUCKET, LOCAL_UPLOADS_BUCKET } from '@infra/local/s3-stand-in';
import { LOCAL_TELEGRAM_BOT_TOKEN, LOCAL_TELEGRAM_BOT_USERNAME } from '@infra/local/telegram-stand-in';
import { inject } from 'vitest';
import { TEST_PASSWORD_HASH_COST } from './stack-process';

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
  SITE_BUCKET: LOCAL_SITE_BUCKET,
  SITE_S3_ENDPOINT: stack.siteBucketUrl,
  // The stack's AML stand-in with its local key: the check is on, as for the functions.
  AML_API_URL: stack.amlApiUrl,
  AML_API_KEY: LOCAL_AML_API_KEY,
  LOG_LEVEL: 'SILENT',
  PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
});
// The local stack's bot (infra/local/stack.ts starts the Bot API stand-in with the local token).
for (const name of [
  'TELEGRAM_API_URL',
  'TELEGRAM_BOT_TOKEN',
  'TELEGRAM_BOT_USERNAME',
  'TELEGRAM_WEBHOOK_SECRET',
])
  delete process.env[name];
if (stack.telegramApiUrl && stack.telegramWebhookSecret)
  Object.assign(process.env, {
    TELEGRAM_API_URL: stack.telegramApiUrl,
    TELEGRAM_BOT_TOKEN: LOCAL_TELEGRAM_BOT_TOKEN,
    TELEGRAM_BOT_USERNAME: LOCAL_TELEGRAM_BOT_USERNAME,
    TELEGRAM_WEBHOOK_SECRET: stack.telegramWebhookSecret,
  });
