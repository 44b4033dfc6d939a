import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_UPLOADS_BUCKET } from './s3-stand-in';
import { LocalStackError, startLocalStack } from './stack';

/**
 * `npm start` (built web app) and `npm run dev` (Vite dev server): the whole service locally.
 * Settings come from the environment; see the README's table.
 */
const ROOT = join(import.meta.dirname, '../..');
const LOCAL_DIR = join(ROOT, '.local');
const env = process.env;
// The SDK warns on every start that it will want Node 22 from 2027; Lambda already runs Node 22.
env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const inMemory = env.IN_MEMORY === '1';

function localJwtSecret(): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  if (inMemory) return randomBytes(48).toString('base64url');
  // Kept beside the data so tokens stay valid across restarts.
  const file = join(LOCAL_DIR, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(LOCAL_DIR, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

function portFrom(name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > 65_535) {
    throw new LocalStackError(`${name} must be a port number, got "${env[name]}".`);
  }
  return value;
}

/**
 * The bot: TELEGRAM_BOT=off for none; TELEGRAM_API_URL (with TELEGRAM_BOT_TOKEN and
 * TELEGRAM_BOT_USERNAME) for a real bot, else the Bot API stand-in on TELEGRAM_PORT.
 */
function telegramOption() {
  if (env.TELEGRAM_BOT === 'off') return false as const;
  return {
    url: env.TELEGRAM_API_URL || undefined,
    port: env.TELEGRAM_API_URL ? undefined : portFrom('TELEGRAM_PORT', 8011),
    token: env.TELEGRAM_BOT_TOKEN || undefined,
    username: env.TELEGRAM_BOT_USERNAME || undefined,
    webhookSecret: env.TELEGRAM_WEBHOOK_SECRET || undefined,
  };
}

function telegramLine(apiUrl: string | null, option: ReturnType<typeof telegramOption>): string {
  if (apiUrl === null || option === false) return 'off (TELEGRAM_BOT=off)';
  const bot = `@${env.TELEGRAM_BOT_USERNAME?.replace(/^@/, '') ?? ''}`;
  return option.url
    ? `${apiUrl} (${bot}; no webhook: Telegram cannot reach this machine)`
    : `${apiUrl} (Bot API stand-in, ${bot}; calls at ${apiUrl}/_local/calls)`;
}

function amlLine(apiUrl: string, standIn: boolean): string {
  if (standIn) return `${apiUrl} (AML stand-in; checks at ${apiUrl}/_local/checks)`;
  return env.AML_API_KEY ? apiUrl : `${apiUrl} (no AML_API_KEY: the check is off)`;
}

async function main() {
  const dev = process.argv.includes('--dev');
  // Read before the stack sets it for the functions: unset means the stand-in.
  const tronStandIn = !env.TRON_API_URL;
  const amlStandIn = !env.AML_API_URL;
  const telegram = telegramOption();
  if (Boolean(env.RATES_CRYPTO_URL) !== Boolean(env.RATES_FIAT_URL)) {
    throw new LocalStackError(
      'Set both RATES_CRYPTO_URL and RATES_FIAT_URL to use real providers, or neither.',
    );
  }
  if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
    throw new LocalStackError('Set both ADMIN_EMAIL and ADMIN_PASSWORD to create a SUPER_ADMIN, or neither.');
  }
  const stack = await startLocalStack({
    port: portFrom('PORT', 3000),
    mailPort: portFrom('MAIL_PORT', 8005),
    dynamoPort: portFrom('DYNAMODB_PORT', 8000),
    uploadsPort: portFrom('UPLOADS_PORT', 8007),
    dataDir: inMemory ? null : join(LOCAL_DIR, 'dynamodb'),
    uploadsDir: inMemory ? null : join(LOCAL_DIR, 'uploads'),
    tableName: env.TABLE_NAME ?? 'exchange-local',
    jwtSecret: localJwtSecret(),
    mailFrom: env.MAIL_FROM ?? 'no-reply@exchange.local',
    web: dev ? 'dev' : 'static',
    runJobs: true,
    carryOverLedger: true,
    // The dev server checks answers against their schemas as the tests do; `npm start` serves as Lambda does.
    checkResponses: dev,
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    // Unset: a local stand-in provider with fixed prices (set https://api.coingecko.com/api/v3 for live ones).
    marketDataUrl: env.MARKET_DATA_URL || undefined,
    // Unset: the TronGrid stand-in on TRON_PORT (https://nile.trongrid.io for the Nile testnet).
    tron: {
      url: env.TRON_API_URL || undefined,
      port: portFrom('TRON_PORT', 8009),
      apiKey: env.TRON_API_KEY || undefined,
      usdtContract: env.TRON_USDT_CONTRACT || undefined,
    },
    // Unset: the AML stand-in on AML_PORT with a local key (the check on); a real provider needs AML_API_KEY.
    aml: {
      url: env.AML_API_URL || undefined,
      port: env.AML_API_URL ? undefined : portFrom('AML_PORT', 8013),
      apiKey: env.AML_API_KEY || undefined,
    },
    telegram,
    // Each unset: its stand-in (the USD cross's two only together, so their values agree).
    rateProviders: {
      cryptoUrl: env.RATES_CRYPTO_URL,
      fiatUrl: env.RATES_FIAT_URL,
      usdtMarketUrl: env.RATES_USDT_MARKET_URL,
      centralBankUrl: env.RATES_CENTRAL_BANK_URL,
      bestChangeArchiveUrl: env.BESTCHANGE_ARCHIVE_URL,
    },
  });
  const adminLine = env.ADMIN_EMAIL
    ? `Admin:     ${env.ADMIN_EMAIL} (password from ADMIN_PASSWORD)`
    : 'Admin:     set ADMIN_EMAIL and ADMIN_PASSWORD to create a SUPER_ADMIN at start-up';
  console.log(
    [
      '',
      `Site:      ${stack.siteUrl}`,
      `API:       ${stack.siteUrl}/api/health  (OpenAPI: ${stack.siteUrl}/api/openapi.json)`,
      `Mail view: ${stack.mailUrl}`,
      `Market:    ${stack.marketDataUrl} (the ticker's provider)`,
      `TRON:      ${stack.tronApiUrl} (TronGrid${tronStandIn ? ' stand-in: npm run chain:send' : ''})`,
      `AML:       ${amlLine(stack.amlApiUrl, amlStandIn)}`,
      `Telegram:  ${telegramLine(stack.telegramApiUrl, telegram)}`,
      `DynamoDB:  ${stack.dynamoEndpoint} (${inMemory ? 'in memory' : 'data in .local/dynamodb'})`,
      `Uploads:   ${stack.uploadsUrl}/${LOCAL_UPLOADS_BUCKET} (S3 stand-in${inMemory ? ', in memory' : ', files in .local/uploads'})`,
      adminLine,
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  const message =
    error instanceof LocalStackError ? error.message : `Could not start: ${(error as Error).message}`;
  console.error(message);
  process.exit(1);
});
