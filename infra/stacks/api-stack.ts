import { ORIGIN_HEADER } from '@functions/commons/origin-secret';
import { NO_AML_API_KEY } from '@functions/data/aml';
import { NO_TELEGRAM_BOT_TOKEN } from '@functions/data/telegram-bot-api';
import { NO_TRON_API_KEY } from '@functions/data/tron';
import { fallbackRoute, originAuthorizer } from '@functions/routes/manifest';
import {
  CfnOutput,
  Duration,
  type RemovalPolicy,
  SecretValue,
  Stack,
  type StackProps,
  Validations,
} from 'aws-cdk-lib';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Secret, type SecretProps } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { ApiFunction } from '../constructs/api-function';
import {
  type ManifestResources,
  manifestFunction,
  type TelegramResources,
} from '../constructs/manifest-function';
import { REPLICATED_SECRETS } from '../disaster-recovery';
import type { ServiceConfig } from './service-config';

export interface ApiStackProps extends StackProps {
  readonly config: ServiceConfig;
}

/** How long API Gateway keeps the origin authorizer's answer for one header value. */
export const ORIGIN_AUTHORIZER_CACHE = Duration.minutes(5);

/**
 * The HTTP API itself: its secrets, the origin authorizer every route runs first, and the
 * manifest's fallback on `$default`, so unknown paths and methods still answer with the JSON
 * envelope. The routes live in the route stacks (api-routes-stack.ts), the stage, its limits and
 * the custom domain in the stage stack (api-stage-stack.ts): CloudFormation takes at most 500
 * resources per template, and each route costs about ten (docs/architecture.md §9).
 */
export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  /** Every route's authorizer: only requests carrying CloudFront's origin header pass. */
  readonly authorizer: HttpLambdaAuthorizer;
  /** The value CloudFront sends in the origin header; the origin authorizer reads it at run time. */
  readonly originSecret: Secret;
  /** What every route function may be bound to (each route stack adds the table). */
  readonly resources: ManifestResources;
  readonly fallback: ApiFunction;
  readonly authorizerFunction: ApiFunction;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config } = props;
    const { settings } = config;
    const { removalPolicy } = settings;
    // The secrets whose loss with the region would cost users or the operator something are kept
    // in the backup region too, where `npm run dr:restore -- --secrets` reads them
    // (infra/disaster-recovery.ts); not from the backup region itself, which has no other.
    const replicas = (id: string) =>
      settings.backup && !config.inCopyRegion && (REPLICATED_SECRETS as readonly string[]).includes(id)
        ? { replicaRegions: [{ region: settings.backup.copyRegion }] }
        : {};

    /** A random secret that is rotated by hand, and why (cdk-nag AwsSolutions-SMG4). */
    const handRotatedSecret = (id: string, description: string, length: number, whyNotScheduled: string) => {
      const secret = new Secret(this, id, {
        description,
        generateSecretString: { passwordLength: length, excludePunctuation: true },
        removalPolicy,
        ...replicas(id),
      });
      Validations.of(secret).acknowledge({ id: 'AwsSolutions-SMG4', reason: whyNotScheduled });
      return secret;
    };
    const jwtSecret = handRotatedSecret(
      'JwtSigningKey',
      'HS256 signing key of the access tokens',
      64,
      'Rotated by hand with put-secret-value (docs/operations.md), which labels the new value AWSCURRENT and the ' +
        'old one AWSPREVIOUS: tokens name their key version in kid, functions (re-reading both every 5 minutes) ' +
        'accept either and sign with a new key only 10 minutes after it was put, so a rotation logs nobody out. ' +
        'A schedule would need a rotation function this stack does not deploy, and two rotations less than ' +
        '25 minutes apart would refuse the tokens of the key dropped (their web app refreshes once).',
    );
    const mfaKey = handRotatedSecret(
      'MfaSealingKey',
      'Key that seals the staff second-factor (TOTP) secrets at rest',
      64,
      'Rotating this key would make every stored TOTP secret unreadable: the sealed secrets are not re-encrypted, ' +
        'so a rotation is a planned operation (reset every second factor), not a schedule.',
    );
    this.originSecret = handRotatedSecret(
      'OriginSecret',
      'Value of the origin header CloudFront adds to API requests',
      48,
      'Rotated by hand with put-secret-value, then a deploy of the web stack with -c originSecretVersion ' +
        '(docs/operations.md): the origin authorizer accepts AWSCURRENT and AWSPREVIOUS, so nothing is refused ' +
        'between the two, and CloudFront takes its value from a deploy, which a scheduled rotation would not make.',
    );

    // TronGrid issues the key: put it with put-secret-value (docs/operations.md); "none" calls without one.
    const tronApiKey = new Secret(this, 'TronApiKey', {
      description: `TronGrid API key, sent as TRON-PRO-API-KEY ("${NO_TRON_API_KEY}": none)`,
      secretStringValue: SecretValue.unsafePlainText(NO_TRON_API_KEY),
      removalPolicy,
      ...replicas('TronApiKey'),
    });
    Validations.of(tronApiKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'A key TronGrid issues: a new one is made in its dashboard and put by hand (docs/operations.md), ' +
        'which no rotation function could do.',
    });

    // The AML provider issues the key: put it with put-secret-value (docs/operations.md); "none": the check is off.
    const amlApiKey = new Secret(this, 'AmlApiKey', {
      description: `AML provider's API key, sent as X-AUTH-KEY ("${NO_AML_API_KEY}": none, the AML check is off)`,
      secretStringValue: SecretValue.unsafePlainText(NO_AML_API_KEY),
      removalPolicy,
      ...replicas('AmlApiKey'),
    });
    Validations.of(amlApiKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'A key the AML provider issues: a new one is made in its dashboard and put by hand (docs/operations.md), ' +
        'which no rotation function could do.',
    });

    const telegram = this.telegramSecrets(removalPolicy, replicas);
    this.resources = {
      siteUrl: config.siteUrl,
      jwtSecret,
      mfaKey,
      originSecret: this.originSecret,
      stage: settings,
      marketDataUrl: config.marketDataUrl,
      tron: { url: config.tronApiUrl, usdtContract: config.tronUsdtContract, apiKey: tronApiKey },
      aml: { url: config.amlApiUrl, apiKey: amlApiKey },
      // Without a username the functions get nothing of the bot and answer that none is configured.
      telegram: config.telegramBotUsername
        ? { username: config.telegramBotUsername, apiUrl: config.telegramApiUrl, ...telegram }
        : false,
    };
    // The route, job and mail stacks import a secret only while a function's `uses` asks for it, and
    // CDK exports a value only while some stack imports it. But `cdk deploy` updates this stack
    // before its importers, and CloudFormation refuses to delete an export a deployed stack still
    // imports: a deploy in which the last user of a secret lets go of it (the bot turned off, the
    // last route using a key removed) would fail here. So each one is exported whoever uses it.
    for (const secret of [
      jwtSecret,
      mfaKey,
      tronApiKey,
      amlApiKey,
      telegram.botToken,
      telegram.webhookSecret,
    ])
      this.exportValue(secret.secretArn);

    this.authorizerFunction = manifestFunction(
      this,
      'OriginAuthorizerFunction',
      { ...originAuthorizer, description: originAuthorizer.summary },
      this.resources,
    );
    this.authorizer = new HttpLambdaAuthorizer('OriginAuthorizer', this.authorizerFunction.live, {
      authorizerName: 'origin',
      // API Gateway answers 401 without calling the function when the header is missing.
      identitySource: [`$request.header.${ORIGIN_HEADER}`],
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      resultsCacheTtl: ORIGIN_AUTHORIZER_CACHE,
    });

    this.fallback = manifestFunction(
      this,
      'FallbackFunction',
      { ...fallbackRoute, description: 'Unknown path or method' },
      this.resources,
    );
    const customDomain = config.apiCertificateArn !== undefined;
    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `exchange-${config.stage}`,
      description: 'Currency exchange API, reached through CloudFront at /api/*',
      createDefaultStage: false,
      // With a custom domain (api-stage-stack.ts) AWS refuses the execute-api endpoint itself.
      disableExecuteApiEndpoint: customDomain,
      defaultIntegration: new HttpLambdaIntegration('FallbackIntegration', this.fallback.live),
      defaultAuthorizer: this.authorizer,
    });

    new CfnOutput(this, 'TelegramBotTokenSecret', {
      description:
        'Put the bot token from @BotFather here: aws secretsmanager put-secret-value --secret-id <this> ' +
        '--secret-string <token> (docs/operations.md "The Telegram bot")',
      value: telegram.botToken.secretArn,
    });

    new CfnOutput(this, 'ApiEndpoint', {
      description: customDomain
        ? 'The execute-api endpoint, switched off: it answers 403 (the smoke test checks it)'
        : 'The execute-api endpoint: every request without CloudFront origin header is refused (401/403)',
      // Built by hand: CDK withholds apiEndpoint once the endpoint is switched off.
      value: `https://${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`,
    });
  }

  /**
   * The Telegram bot's secrets (docs/operations.md "The Telegram bot"): its token, created with a
   * placeholder the operator replaces with @BotFather's token, and the webhook's secret, generated
   * in the characters Telegram allows in `secret_token` (A-Za-z0-9_-: letters and digits here).
   * They exist with or without `telegramBotUsername`, so turning the bot off or on is a deploy that
   * deletes nothing another stack imports, and a token put once survives both; whether there is a
   * bot is the username's presence alone.
   */
  private telegramSecrets(
    removalPolicy: RemovalPolicy,
    replicas: (id: string) => Pick<SecretProps, 'replicaRegions'>,
  ): Pick<TelegramResources, 'botToken' | 'webhookSecret'> {
    const botToken = new Secret(this, 'TelegramBotToken', {
      description: `Telegram bot token from @BotFather ("${NO_TELEGRAM_BOT_TOKEN}": not put yet)`,
      secretStringValue: SecretValue.unsafePlainText(NO_TELEGRAM_BOT_TOKEN),
      removalPolicy,
      ...replicas('TelegramBotToken'),
    });
    Validations.of(botToken).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'A token @BotFather issues: a new one is made there (/revoke) and put by hand (docs/operations.md), ' +
        'which no rotation function could do.',
    });
    const webhookSecret = new Secret(this, 'TelegramWebhookSecret', {
      description: "Secret Telegram sends in X-Telegram-Bot-Api-Secret-Token (setWebhook's secret_token)",
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
      removalPolicy,
      ...replicas('TelegramWebhookSecret'),
    });
    Validations.of(webhookSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotated by hand: a new value is in force only once setWebhook is called again with it (the security ' +
        "page's Set webhook, docs/operations.md), which a scheduled rotation would not do.",
    });
    return { botToken, webhookSecret };
  }
}
