import { randomUUID } from 'node:crypto';
import type { LocalStack } from '@infra/local/stack';
import {
  postToTelegramStandIn,
  type TelegramStandInCall,
  telegramStandInCalls,
} from '@infra/local/telegram-stand-in';
import type { Role } from '@shared/enums';
import { writeMoney } from '@shared/rate-display';
import {
  adminChangeApplicationStatus,
  adminGetApplication,
  adminIssueInstructions,
  adminUpdateApplicationDetails,
} from '@shared/routes/admin-applications';
import { adminUpdateUser } from '@shared/routes/admin-users';
import { createApplication, markPaid, setPayoutDetails } from '@shared/routes/applications';
import { authLogin } from '@shared/routes/auth';
import { adminPutSetting } from '@shared/routes/settings';
import { adminSetShift } from '@shared/routes/shifts';
import {
  adminTelegramSetWebhook,
  adminTelegramStatus,
  adminTelegramTestMessage,
} from '@shared/routes/telegram';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { call } from '../../support/api';
import { startLocalStackProcess } from '../../support/stack-process';
import { standardBody } from '../applications/fixtures';
import { linkTelegram, newGroupChatId, newTelegramUserId, textOf, waitForCalls } from './bot-support';

/**
 * The staff group in Telegram: alerts of new applications and of "I have paid"
 * with Take and Open, Take racing, and the bot's state on the security page. The staff group is a
 * setting of the whole installation, and while it is set every application anyone creates alerts
 * it; so this file runs a stack of its own (its own table on the shared DynamoDB Local, its own Bot
 * API stand-in and sender), where nothing but these tests makes applications.
 */

const TABLE = 'exchange-telegram-group';
let stack: LocalStack;
let standIn: string;
let groupChatId: number;

interface StackUser {
  id: string;
  email: string;
  token: string;
}

beforeAll(async () => {
  const shared = inject('localStack');
  stack = await startLocalStackProcess({
    port: 0,
    mailPort: 0,
    dynamoPort: 0,
    dynamoEndpoint: shared.dynamoEndpoint,
    dataDir: null,
    tableName: TABLE,
    jwtSecret: shared.jwtSecret,
    originSecret: shared.originSecret,
    mailFrom: 'no-reply@exchange.test',
    web: 'none',
    runJobs: false,
    checkResponses: true,
    aroundTheClock: true,
  });
  standIn = stack.telegramApiUrl!;
  groupChatId = newGroupChatId();
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

/** A verified, active user of this file's table, logged in through its stack. */
async function stackUser(role: Role = 'USER'): Promise<StackUser> {
  process.env.TABLE_NAME = TABLE;
  vi.resetModules();
  const { createUser } = await import('@functions/data/users');
  const { hashPassword } = await import('@functions/domain/accounts/passwords');
  const { newReferralCode } = await import('@functions/domain/accounts/secrets');
  const tag = randomUUID().slice(0, 12);
  const email = `tg${tag}@example.test`;
  const password = 'Correct-horse-9';
  await createUser({
    id: randomUUID(),
    email,
    username: `tg${tag}`,
    passwordHash: await hashPassword(password),
    timeZone: 'Europe/Moscow',
    referralCode: newReferralCode(),
    role,
    language: 'en',
    emailVerified: true,
  });
  const login = await call(authLogin, { apiUrl: stack.siteUrl, body: { loginIdentifier: email, password } });
  const data = login.body.data as { token: string; user: { id: string } };
  return { id: data.user.id, email, token: data.token };
}

/** Every outbox item of this file's table has been sent (support/mail reads TABLE_NAME). */
async function settled() {
  process.env.TABLE_NAME = TABLE;
  const { outboxSettled } = await import('../../support/mail');
  await outboxSettled();
}

/** Turns the setting staffMfaRequired on or off in this file's table (read on every request, no cache). */
async function requireStaffMfa(value: 0 | 1) {
  process.env.TABLE_NAME = TABLE;
  vi.resetModules();
  const { putSetting } = await import('@functions/domain/settings/settings');
  await putSetting('staffMfaRequired', { value }, { id: 'test-setup', role: 'SUPER_ADMIN' });
}

const deliver = (update: Record<string, unknown>) =>
  postToTelegramStandIn<{ update_id: number; status: number; body: unknown }>(
    standIn,
    '/_local/updates',
    update,
  );
const groupCalls = (method: string) => () => telegramStandInCalls(standIn, { method, chatId: groupChatId });
const asUser = (user: StackUser) => ({ token: user.token, apiUrl: stack.siteUrl });

/** A press of an alert's button as Telegram delivers it. */
function press(telegramUserId: number, alert: TelegramStandInCall & { messageId: number }, data: string) {
  return deliver({
    callback_query: {
      id: randomUUID(),
      from: { id: telegramUserId, is_bot: false, first_name: 'Staff' },
      message: {
        message_id: alert.messageId,
        date: Math.floor(Date.now() / 1000),
        chat: { id: groupChatId, type: 'supergroup', title: 'Exchange staff' },
        text: textOf(alert),
      },
      chat_instance: '1',
      data,
    },
  });
}

/** The group alert whose Open button leads to this application, with the id Telegram gave it. */
async function alertOf(applicationId: string, kind: 'Новая заявка' | 'Клиент сообщил об оплате') {
  const calls = await waitForCalls(groupCalls('sendMessage'), (found) =>
    found.some((entry) => textOf(entry).includes(applicationId.slice(0, 8)) && textOf(entry).includes(kind)),
  );
  const index = calls.findIndex(
    (entry) => textOf(entry).includes(applicationId.slice(0, 8)) && textOf(entry).includes(kind),
  );
  // The stand-in numbers a chat's messages from 1 in the order they were sent.
  return { ...calls[index]!, messageId: index + 1 };
}

type Keyboard = { inline_keyboard: Array<Array<{ text: string; callback_data?: string; url?: string }>> };
const buttonsOf = (entry: TelegramStandInCall) =>
  (entry.params.reply_markup as Keyboard).inline_keyboard.flat();

let superAdmin: StackUser;
let admin: StackUser;

describe('the bot on the security page', () => {
  beforeAll(async () => {
    [superAdmin, admin] = [await stackUser('SUPER_ADMIN'), await stackUser('ADMIN')];
  });

  it('shows the groups the bot was added to; a SUPER_ADMIN sets the webhook and the staff group and sends a test', async () => {
    const added = await deliver({
      my_chat_member: {
        chat: { id: groupChatId, type: 'supergroup', title: 'Exchange staff' },
        from: { id: newTelegramUserId(), is_bot: false, first_name: 'Owner' },
        date: Math.floor(Date.now() / 1000),
        old_chat_member: { status: 'left', user: { id: 1, is_bot: true, first_name: 'Bot' } },
        new_chat_member: { status: 'member', user: { id: 1, is_bot: true, first_name: 'Bot' } },
      },
    });
    expect(added.status).toBe(200);

    const status = await call(adminTelegramStatus, asUser(admin));
    expect(status.status).toBe(200);
    expect(status.body.data).toMatchObject({
      configured: true,
      username: 'exchange_local_bot',
      webhook: { set: true, url: `${stack.siteUrl}/api/telegram/webhook`, lastErrorMessage: null },
      webhookError: null,
      staffChatId: '',
      groups: [{ id: String(groupChatId), title: 'Exchange staff' }],
    });
    expect(Date.parse(status.body.data!.lastUpdateAt!)).toBeGreaterThan(Date.now() - 60_000);

    // An ADMIN reads; only a SUPER_ADMIN changes the bot.
    expect((await call(adminTelegramSetWebhook, asUser(admin))).status).toBe(403);
    expect((await call(adminTelegramTestMessage, asUser(admin))).status).toBe(403);
    const noGroup = await call(adminTelegramTestMessage, asUser(superAdmin));
    expect(noGroup.status).toBe(409);
    expect(noGroup.body.code).toBe('TelegramStaffChatMissing');

    const webhook = await call(adminTelegramSetWebhook, asUser(superAdmin));
    expect(webhook.status).toBe(200);
    expect(webhook.body.data!.webhook!.set).toBe(true);
    const setCalls = await telegramStandInCalls(standIn, { method: 'setWebhook' });
    expect(setCalls.at(-1)!.params).toMatchObject({
      url: `${stack.siteUrl}/api/telegram/webhook`,
      allowed_updates: ['message', 'callback_query', 'my_chat_member'],
    });

    const put = await call(adminPutSetting, {
      ...asUser(superAdmin),
      params: { key: 'telegramStaffChatId' },
      body: { value: String(groupChatId) },
    });
    expect(put.status).toBe(200);
    expect((await call(adminTelegramTestMessage, asUser(superAdmin))).status).toBe(200);
    const sent = await waitForCalls(groupCalls('sendMessage'), (found) => found.length >= 1);
    expect(textOf(sent[0]!)).toContain('Тестовое сообщение');
  });

  it('refuses a staff group that is no chat id', async () => {
    const put = await call(adminPutSetting, {
      ...asUser(superAdmin),
      params: { key: 'telegramStaffChatId' },
      body: { value: 'staff group' },
    });
    expect(put.status).toBe(400);
  });
});

describe('staff group alerts', () => {
  let client: StackUser;
  let managers: StackUser[];
  let telegramIds: number[];

  beforeAll(async () => {
    client = await stackUser();
    managers = [await stackUser('MANAGER'), await stackUser('MANAGER')];
    telegramIds = [newTelegramUserId(), newTelegramUserId()];
    for (const [index, manager] of managers.entries())
      await linkTelegram({ ...manager, token: manager.token } as never, telegramIds[index]!, deliver, {
        apiUrl: stack.siteUrl,
      });
  });

  const submit = async (amount: number) => {
    const created = await call(createApplication, {
      ...asUser(client),
      body: standardBody({ amount }) as never,
    });
    expect(created.status).toBe(201);
    return created.body.data!;
  };

  it('alerts the group of a new application with Take and Open, and exactly one of two presses takes it', async () => {
    const application = await submit(510);
    const alert = await alertOf(application.id, 'Новая заявка');
    // What a manager decides on before taking it: what the client receives, and where.
    expect(textOf(alert)).toContain(
      `Клиент получает: ${writeMoney(application.amountTo!, 'ru')} ${application.currencyTo}`,
    );
    expect(textOf(alert)).toContain('Город: Мадрид, Испания');
    expect(buttonsOf(alert)).toEqual([
      { text: 'Взять', callback_data: `take:${application.id}` },
      { text: 'Открыть', url: `${stack.siteUrl}/admin/application-management?open_id=${application.id}` },
    ]);

    // Both managers press at once.
    const [first, second] = await Promise.all(
      telegramIds.map((telegramUserId) => press(telegramUserId, alert, `take:${application.id}`)),
    );
    expect([first!.status, second!.status]).toEqual([200, 200]);

    const detail = await call(adminGetApplication, { ...asUser(admin), params: { id: application.id } });
    const winner = managers.find((manager) => manager.id === detail.body.data!.assignedToId);
    expect(winner).toBeDefined();
    expect(detail.body.data!.status).toBe('PROCESSING');

    // Both presses were answered: the winner's "yours", the other's "taken by" the winner.
    const answers = await waitForCalls(
      () => telegramStandInCalls(standIn, { method: 'answerCallbackQuery' }),
      (found) => found.filter((entry) => /yours|taken by/i.test(String(entry.params.text))).length >= 2,
    );
    const texts = answers.slice(-2).map((entry) => String(entry.params.text));
    expect(texts.filter((text) => text === 'It is yours now.')).toHaveLength(1);
    expect(texts.filter((text) => text.startsWith('Already taken by'))).toHaveLength(1);

    // The alert was edited once (after every queued call went out): who took it, and only Open left.
    await waitForCalls(groupCalls('editMessageText'), (found) =>
      found.some((entry) => entry.params.message_id === alert.messageId),
    );
    await settled();
    const edits = await telegramStandInCalls(standIn, { method: 'editMessageText', chatId: groupChatId });
    const ours = edits.filter((entry) => entry.params.message_id === alert.messageId);
    expect(ours).toHaveLength(1);
    expect(textOf(ours[0]!)).toContain(`Взял(а): tg`);
    expect(textOf(ours[0]!)).toContain(winner!.email.split('@')[0]!);
    expect(buttonsOf(ours[0]!).map((button) => button.text)).toEqual(['Открыть']);
  });

  it('lets one of two presses take an application staff took on the site and then let go', async () => {
    const application = await submit(515);
    const alert = await alertOf(application.id, 'Новая заявка');
    const moved = await call(adminChangeApplicationStatus, {
      ...asUser(admin),
      params: { id: application.id },
      body: { status: 'PROCESSING' },
    });
    expect(moved.status).toBe(200);
    // Taking it on the site assigns the taker, as Take in Telegram does.
    expect(moved.body.data!.assignedToId).toBe(admin.id);
    const letGo = await call(adminUpdateApplicationDetails, {
      ...asUser(admin),
      params: { id: application.id },
      body: { assignedToId: null },
    });
    expect(letGo.body.data!.assignedToId).toBeNull();

    await Promise.all(
      telegramIds.map((telegramUserId) => press(telegramUserId, alert, `take:${application.id}`)),
    );

    const detail = await call(adminGetApplication, { ...asUser(admin), params: { id: application.id } });
    expect(managers.map((manager) => manager.id)).toContain(detail.body.data!.assignedToId);
    await waitForCalls(groupCalls('editMessageText'), (found) =>
      found.some((entry) => entry.params.message_id === alert.messageId),
    );
    await settled();
    const after = await telegramStandInCalls(standIn, { method: 'editMessageText', chatId: groupChatId });
    expect(after.filter((entry) => entry.params.message_id === alert.messageId)).toHaveLength(1);
  });

  it('answers a press from a Telegram account no staff member linked, and assigns nothing', async () => {
    const application = await submit(520);
    const alert = await alertOf(application.id, 'Новая заявка');
    const stranger = newTelegramUserId();

    await press(stranger, alert, `take:${application.id}`);

    const answers = await waitForCalls(
      () => telegramStandInCalls(standIn, { method: 'answerCallbackQuery' }),
      (found) => found.some((entry) => String(entry.params.text).includes('привяжите Telegram')),
    );
    expect(answers.length).toBeGreaterThan(0);
    const detail = await call(adminGetApplication, { ...asUser(admin), params: { id: application.id } });
    expect(detail.body.data).toMatchObject({ status: 'PENDING', assignedToId: null });
  });

  it('answers a Take by staff without the second factor the admin area requires, and assigns nothing', async () => {
    const application = await submit(540);
    const alert = await alertOf(application.id, 'Новая заявка');
    const answered = () => telegramStandInCalls(standIn, { method: 'answerCallbackQuery' });
    const before = (await answered()).length;
    await requireStaffMfa(1);
    try {
      const adminApi = await call(adminGetApplication, {
        ...asUser(managers[0]!),
        params: { id: application.id },
      });
      expect(adminApi.body.code).toBe('MfaSetupRequired');

      expect((await press(telegramIds[0]!, alert, `take:${application.id}`)).status).toBe(200);

      const answers = await waitForCalls(answered, (found) => found.length > before);
      expect(answers.slice(before).map((entry) => entry.params.text)).toEqual([
        'Turn on two-step verification on the site first: staff need it to take applications.',
      ]);
    } finally {
      await requireStaffMfa(0);
    }
    const detail = await call(adminGetApplication, { ...asUser(admin), params: { id: application.id } });
    expect(detail.body.data).toMatchObject({ status: 'PENDING', assignedToId: null });
  });

  it('alerts the group when the client says they have paid', async () => {
    const application = await submit(530);
    const alert = await alertOf(application.id, 'Новая заявка');
    await press(telegramIds[0]!, alert, `take:${application.id}`);
    const issued = await call(adminIssueInstructions, {
      ...asUser(managers[0]!),
      params: { id: application.id },
      body: { text: 'Pay by SEPA to ES91 2100 0418 4502 0005 1332.' },
    });
    expect(issued.status).toBe(200);
    const payTo = await call(setPayoutDetails, {
      ...asUser(client),
      params: { id: application.id },
      body: { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
    });
    expect(payTo.status).toBe(200);

    expect(
      (await call(markPaid, { ...asUser(client), params: { id: application.id }, body: {} })).status,
    ).toBe(200);

    const paidAlert = await alertOf(application.id, 'Клиент сообщил об оплате');
    // Taken already: only Open. Payment details stay on the site.
    expect(buttonsOf(paidAlert).map((button) => button.text)).toEqual(['Открыть']);
    expect(textOf(paidAlert)).not.toContain('ES91');
  });
});

describe('the alert of a new application and the staff on shift', () => {
  let client: StackUser;
  const onShift: StackUser[] = [];

  beforeAll(async () => {
    client = await stackUser();
  });

  afterAll(async () => {
    // Shifts are the installation's: nobody stays on shift for the alerts of later tests.
    for (const staff of onShift) await call(adminSetShift, { ...asUser(staff), body: { onShift: false } });
  });

  /** A manager of this stack, linked to a Telegram account of its own (with that @username, or none). */
  async function linkedManager(telegramUsername?: string) {
    const manager = await stackUser('MANAGER');
    const telegramUserId = newTelegramUserId();
    await linkTelegram(manager as never, telegramUserId, deliver, {
      apiUrl: stack.siteUrl,
      username: telegramUsername,
    });
    return { ...manager, telegramUserId };
  }

  async function goOnShift(staff: StackUser) {
    const answer = await call(adminSetShift, { ...asUser(staff), body: { onShift: true } });
    expect(answer.status).toBe(200);
    onShift.push(staff);
  }

  it('mentions the linked staff on shift whose rights reach it, and nobody else; the group gets it all the same', async () => {
    const tag = randomUUID().slice(0, 8);
    const withUsername = await linkedManager(`anna_${tag}`);
    const withoutUsername = await linkedManager();
    const offShift = await linkedManager(`off_${tag}`);
    const notLinked = await stackUser('MANAGER');
    const elsewhere = await linkedManager(`almaty_${tag}`);
    const narrowed = await call(adminUpdateUser, {
      ...asUser(superAdmin),
      params: { id: elsewhere.id },
      body: { scope: { cities: ['cis.kazakhstan.almaty'], directions: null, mayRefund: true } },
    });
    expect(narrowed.status).toBe(200);
    for (const staff of [withUsername, withoutUsername, notLinked, elsewhere]) await goOnShift(staff);

    const created = await call(createApplication, {
      ...asUser(client),
      body: standardBody({ amount: 505 }) as never,
    });
    expect(created.status).toBe(201);
    const alert = await alertOf(created.body.data!.id, 'Новая заявка');

    const text = textOf(alert);
    // Without a Telegram @username, their name on the site (these users' username is their address's local part).
    const name = withoutUsername.email.split('@')[0]!;
    const mentions = text.slice(text.indexOf('На смене: '));
    expect(mentions).toMatch(new RegExp(`^На смене: (@anna_${tag}, ${name}|${name}, @anna_${tag})$`));
    expect(alert.params.entities).toEqual([
      {
        type: 'text_link',
        offset: text.indexOf(name),
        length: name.length,
        url: `tg://user?id=${withoutUsername.telegramUserId}`,
      },
    ]);
    expect(text).not.toContain(`off_${tag}`);
    expect(text).not.toContain(`almaty_${tag}`);
    expect(text).not.toContain(offShift.email.split('@')[0]!);
    expect(text).not.toContain(notLinked.email.split('@')[0]!);
  });

  it("calls a deal's manager when its client says they have paid, while on shift; else the staff on shift", async () => {
    const tag = randomUUID().slice(0, 8);
    const manager = await linkedManager(`mgr_${tag}`);
    const colleague = await linkedManager(`col_${tag}`);
    for (const staff of [manager, colleague]) await goOnShift(staff);

    /** A deal `manager` took from the group and told how to pay, which its client then says is paid. */
    async function paidDeal(amount: number) {
      const created = await call(createApplication, {
        ...asUser(client),
        body: standardBody({ amount }) as never,
      });
      const id = created.body.data!.id;
      await press(manager.telegramUserId, await alertOf(id, 'Новая заявка'), `take:${id}`);
      const issued = await call(adminIssueInstructions, {
        ...asUser(manager),
        params: { id },
        body: { text: 'Pay by SEPA as agreed.' },
      });
      expect(issued.status).toBe(200);
      const payTo = await call(setPayoutDetails, {
        ...asUser(client),
        params: { id },
        body: { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
      });
      expect(payTo.status).toBe(200);
      expect((await call(markPaid, { ...asUser(client), params: { id }, body: {} })).status).toBe(200);
      const text = textOf(await alertOf(id, 'Клиент сообщил об оплате'));
      return text.slice(text.indexOf('На смене: '));
    }

    expect(await paidDeal(508)).toBe(`На смене: @mgr_${tag}`);

    expect((await call(adminSetShift, { ...asUser(manager), body: { onShift: false } })).status).toBe(200);
    const mentions = await paidDeal(509);
    expect(mentions).toContain(`@col_${tag}`);
    expect(mentions).not.toContain(`@mgr_${tag}`);
  });

  it("answers a Take by a manager whose rights do not reach the application's city, and assigns nothing", async () => {
    const elsewhere = await linkedManager();
    const narrowed = await call(adminUpdateUser, {
      ...asUser(superAdmin),
      params: { id: elsewhere.id },
      body: { scope: { cities: ['cis.kazakhstan.almaty'], directions: null, mayRefund: true } },
    });
    expect(narrowed.status).toBe(200);
    const created = await call(createApplication, {
      ...asUser(client),
      body: standardBody({ amount: 506 }) as never,
    });
    const alert = await alertOf(created.body.data!.id, 'Новая заявка');
    const answered = () => telegramStandInCalls(standIn, { method: 'answerCallbackQuery' });
    const before = (await answered()).length;

    expect((await press(elsewhere.telegramUserId, alert, `take:${created.body.data!.id}`)).status).toBe(200);

    const answers = await waitForCalls(answered, (found) => found.length > before);
    expect(answers.slice(before).map((entry) => entry.params.text)).toEqual([
      'This application is outside the cities and directions you handle.',
    ]);
    const detail = await call(adminGetApplication, {
      ...asUser(admin),
      params: { id: created.body.data!.id },
    });
    expect(detail.body.data).toMatchObject({ status: 'PENDING', assignedToId: null });
  });
});
