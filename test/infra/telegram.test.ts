import { allRoutes, jobs, liveSocket, workers } from '@functions/routes/manifest';
import { readServiceConfig } from '@infra/stacks/service-config';
import type { ResourceUse } from '@shared/routes/definition';
import { telegramWebhook } from '@shared/routes/telegram';
import { App, Stack } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SynthesizedService, synthesizeService } from './synth';

/**
 * The Telegram bot in the templates (docs/operations.md "The Telegram bot"): optional, by
 * `-c telegramBotUsername=…`. The api stack always holds the token's secret (a placeholder the
 * operator replaces) and the generated webhook secret, so switching the bot off or on deletes
 * nothing (test/infra/exports.test.ts); with a username, only the functions whose manifest entry
 * calls the Bot API (`uses.telegram: 'api'`) may read them; without one, no function gets anything
 * of the bot.
 */
type Resource = { Type: string; Properties: Record<string, unknown> };

const USERNAME = 'exchange_test_bot';
const TELEGRAM_VARIABLES = /^TELEGRAM_/;

let withBot: SynthesizedService;
let withoutBot: SynthesizedService;

function stacksOf(service: SynthesizedService): Stack[] {
  return Object.values(service.stacks).flatMap((value): Stack[] => {
    if (value instanceof Stack) return [value];
    return value ? (Object.values(value) as Stack[]) : [];
  });
}

function resourcesOf(service: SynthesizedService, stack: Stack): Record<string, Resource> {
  return service.template(stack).toJSON().Resources as Record<string, Resource>;
}

/** Every Lambda function of the service with its environment and the stack it is in. */
function functionsOf(service: SynthesizedService) {
  return stacksOf(service).flatMap((stack) =>
    Object.entries(resourcesOf(service, stack))
      .filter(([, resource]) => resource.Type === 'AWS::Lambda::Function')
      .map(([id, resource]) => ({
        stack,
        id,
        description: String(resource.Properties.Description ?? id),
        role: (resource.Properties.Role as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt']?.[0],
        environment:
          (resource.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)
            ?.Variables ?? {},
      })),
  );
}

/** The manifest entries that use the bot: routes, workers, jobs and live handlers, by their `uses`. */
const manifestEntries = [
  ...allRoutes.map(([, route]) => ({ uses: route.uses, description: `${route.method} ${route.path}` })),
  ...Object.values(workers).map((worker) => ({ uses: worker.uses, description: worker.summary })),
  ...Object.values(jobs).map((job) => ({ uses: job.uses, description: job.summary })),
  ...Object.entries(liveSocket).map(([id, route]) => ({ uses: route.uses, description: `live $${id}` })),
].map((entry) => ({ ...entry, telegram: (entry.uses as ResourceUse).telegram }));

beforeAll(() => {
  withoutBot = synthesizeService();
  withBot = synthesizeService({ context: { telegramBotUsername: `@${USERNAME}` } });
});

describe('the Telegram bot in the templates', () => {
  it('routes the webhook, public (no token: only the origin authorizer, as every route)', () => {
    expect(telegramWebhook.access).toBe('public');
    const stack = withoutBot.stacks.apiRoutes.client;
    const [route] = Object.values(resourcesOf(withoutBot, stack)).filter(
      (resource) =>
        resource.Type === 'AWS::ApiGatewayV2::Route' &&
        resource.Properties.RouteKey === 'POST /api/telegram/webhook',
    );
    expect(route?.Properties.AuthorizationType).toBe('CUSTOM');
    const webhook = functionsOf(withoutBot).find((fn) => fn.description === 'POST /api/telegram/webhook');
    expect(webhook?.environment).not.toHaveProperty('JWT_SECRET_ARN');
  });

  it('without telegramBotUsername: the secrets stay in the api stack, and no function gets a Telegram variable or may read them', () => {
    const secrets = stacksOf(withoutBot).flatMap((stack) =>
      Object.entries(resourcesOf(withoutBot, stack))
        .filter(([id, resource]) => resource.Type === 'AWS::SecretsManager::Secret' && /Telegram/.test(id))
        .map(([id]) => `${stack.stackName} ${id.replace(/[0-9A-F]{8}$/, '')}`),
    );
    expect(secrets.sort()).toEqual([
      'exchange-dev-api TelegramBotToken',
      'exchange-dev-api TelegramWebhookSecret',
    ]);
    for (const stack of stacksOf(withoutBot))
      for (const [id, resource] of Object.entries(resourcesOf(withoutBot, stack)))
        if (resource.Type === 'AWS::IAM::Policy')
          expect(JSON.stringify(resource.Properties.PolicyDocument), `${stack.stackName} ${id}`).not.toMatch(
            /Telegram(BotToken|WebhookSecret)/,
          );
    const functions = functionsOf(withoutBot);
    expect(functions.length).toBeGreaterThan(allRoutes.length);
    for (const fn of functions)
      expect(
        Object.keys(fn.environment).filter((name) => TELEGRAM_VARIABLES.test(name)),
        fn.description,
      ).toEqual([]);
  });

  it('with it: a token secret holding the placeholder and a generated webhook secret in the api stack', () => {
    const resources = resourcesOf(withBot, withBot.stacks.api);
    const secret = (prefix: string) =>
      Object.entries(resources).find(
        ([id, resource]) => id.startsWith(prefix) && resource.Type === 'AWS::SecretsManager::Secret',
      )?.[1];
    expect(secret('TelegramBotToken')?.Properties).toMatchObject({ SecretString: 'none' });
    expect(secret('TelegramWebhookSecret')?.Properties).toMatchObject({
      // Telegram's secret_token allows A-Za-z0-9_- only.
      GenerateSecretString: { PasswordLength: 48, ExcludePunctuation: true, IncludeSpace: false },
    });
  });

  it('gives the username to the functions that use the bot, the Bot API and its secrets to those that call it', () => {
    const functions = functionsOf(withBot);
    for (const entry of manifestEntries) {
      const fn = functions.find((candidate) => candidate.description === entry.description);
      expect(fn, entry.description).toBeDefined();
      const environment = fn!.environment;
      expect(environment.TELEGRAM_BOT_USERNAME, entry.description).toBe(
        entry.telegram ? USERNAME : undefined,
      );
      const calls = entry.telegram === 'api';
      expect(environment.TELEGRAM_API_URL, entry.description).toBe(
        calls ? 'https://api.telegram.org' : undefined,
      );
      expect(JSON.stringify(environment.TELEGRAM_BOT_TOKEN_ARN ?? null), entry.description).toMatch(
        calls ? /TelegramBotToken/ : /^null$/,
      );
      expect(JSON.stringify(environment.TELEGRAM_WEBHOOK_SECRET_ARN ?? null), entry.description).toMatch(
        calls ? /TelegramWebhookSecret/ : /^null$/,
      );
      // The secrets are read through the extension: its cache time is set where it is added.
      if (calls) expect(environment.SECRETS_MANAGER_TTL, entry.description).toBeDefined();
    }
    const callers = manifestEntries.filter((entry) => entry.telegram === 'api').map((e) => e.description);
    expect(callers).toContain(`POST ${telegramWebhook.path}`);
    expect(callers).toContain(workers.sendMail!.summary);
  });

  it('lets only the functions that call the Bot API read its secrets', () => {
    const functions = functionsOf(withBot);
    const readers = new Set<string>();
    for (const stack of stacksOf(withBot)) {
      for (const resource of Object.values(resourcesOf(withBot, stack))) {
        if (resource.Type !== 'AWS::IAM::Policy') continue;
        if (!/Telegram(BotToken|WebhookSecret)/.test(JSON.stringify(resource.Properties.PolicyDocument)))
          continue;
        for (const role of resource.Properties.Roles as Array<{ Ref: string }>) {
          const fn = functions.find((candidate) => candidate.stack === stack && candidate.role === role.Ref);
          expect(fn, `${stack.stackName} ${role.Ref}`).toBeDefined();
          readers.add(fn!.description);
        }
      }
    }
    const callers = manifestEntries.filter((entry) => entry.telegram === 'api').map((e) => e.description);
    expect([...readers].sort()).toEqual([...callers].sort());
  });

  it('refuses a username Telegram would not give, and a Bot API that is not https', () => {
    const config = (context: Record<string, string>) => () =>
      readServiceConfig(new App({ context: { stage: 'dev', ...context } }));
    expect(config({ telegramBotUsername: 'bad name' })).toThrow(/telegramBotUsername/);
    expect(config({ telegramBotUsername: '@abc' })).toThrow(/telegramBotUsername/);
    expect(config({ telegramApiUrl: 'http://api.telegram.org' })).toThrow(/telegramApiUrl/);
    expect(config({ telegramBotUsername: '@Exchange_Bot' })().telegramBotUsername).toBe('Exchange_Bot');
  });
});
