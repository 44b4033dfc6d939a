import type { AttributeValue } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { standardBody } from '../applications/bodies';
import { putUser } from '../applications/isolated-table';
import { type ChainModules, newTronAddress, sendUsdt, setUpChainTable } from './chain-table';
import { usdtToCashBody } from './fixtures';

/**
 * Chain events reach staff (functions/domain/chain/chain-events.ts): what the watcher records and
 * a payout's hash that does not match write a live notice for staff and a message for the staff
 * group with the transfer; the deal's staff detail shows the transfer. The domain functions run
 * directly on a table and a TronGrid stand-in of this file's own (chain-table.ts), with a staff
 * group set, and nothing sending: the items stay in the table to be read.
 */
const chain = setUpChainTable('chain-events');
let m: ChainModules;
let live: typeof import('@functions/data/live');
let outbox: typeof import('@functions/data/outbox');
const STAFF_GROUP = '-1001234567890';

beforeAll(async () => {
  m = chain.m;
  live = await import('@functions/data/live');
  outbox = await import('@functions/data/outbox');
  const { putSetting } = await import('@functions/domain/settings/settings');
  await putSetting('telegramStaffChatId', { value: STAFF_GROUP }, { id: 'test-setup', role: 'SUPER_ADMIN' });
});

const asManager = () => ({ id: chain.manager.id, role: 'MANAGER' as const });

async function wallet() {
  const address = newTronAddress();
  const template = await m.templates.createPaymentTemplate(
    { kind: 'usdt', label: `Wallet ${address}`, address },
    { id: chain.admin.id, role: 'ADMIN' },
  );
  return { address, templateId: template.id };
}

/** A USDT → cash deal of a new client told to pay about `amount` USDT to `to`: its id and payable amount. */
async function waiting(to: { templateId: string }, amount: number) {
  const owner = await putUser();
  const { application } = await m.create.createApplication(owner.id, usdtToCashBody(amount), undefined);
  await m.admin.changeApplicationStatus(application.id, { status: 'PROCESSING' }, asManager());
  const issued = await m.deal.issueInstructions(
    application.id,
    { text: 'Send exactly this amount', templateId: to.templateId },
    asManager(),
  );
  return { id: application.id, payable: issued.instructions!.crypto!.amount };
}

/** A client's card-EUR → USDT deal with a payout address, confirmed: staff pay out next. */
async function confirmedForPayout() {
  const owner = await putUser();
  const address = newTronAddress();
  const { application } = await m.create.createApplication(
    owner.id,
    standardBody({ amount: 200 }) as never,
    undefined,
  );
  await m.deal.setPayoutDetails(owner.id, application.id, { address });
  await m.admin.changeApplicationStatus(application.id, { status: 'PROCESSING' }, asManager());
  await m.deal.issueInstructions(application.id, { text: 'Pay by SEPA' }, asManager());
  const confirmed = await m.deal.confirmPayment(application.id, { note: 'SEPA arrived' }, asManager());
  return { id: application.id, address, amountTo: confirmed.amountTo! };
}

/** The staff notices in the table, as the live fan-out reads their stream records. */
async function staffNotices() {
  // Every page: a Scan reads 1 MB at a time before its filter, and the table holds more than that.
  const Items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await m.client.db.send(
      new m.lib.ScanCommand({
        TableName: m.client.tableName,
        FilterExpression: 'begins_with(pk, :prefix)',
        ExpressionAttributeValues: { ':prefix': m.keys.keys.staffNoticePrefix },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    Items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return Items.map((item) => {
    const image: Record<string, AttributeValue> = Object.fromEntries(
      Object.entries(item).map(([name, value]) => [
        name,
        typeof value === 'number' ? { N: String(value) } : { S: String(value) },
      ]),
    );
    return live.tableChangeOf({
      eventName: 'INSERT',
      dynamodb: { Keys: { pk: image.pk!, sk: image.sk! }, NewImage: image },
    });
  });
}

/** The staff group's chain messages queued, their text. */
async function staffGroupMessages() {
  // Every one: the list is oldest first, and a limit would leave the newest out.
  const items = await outbox.listUnsentItems('telegram', 10_000);
  return items
    .filter((item) => item.kind === 'telegram-chain-event')
    .map((item) => {
      expect(item.telegram?.params.chat_id).toBe(STAFF_GROUP);
      return String(item.telegram?.params.text);
    });
}

describe('chain events', () => {
  it("tells staff live and in their group of an underpayment, and shows it on the deal's detail", async () => {
    const to = await wallet();
    const deal = await waiting(to, 1000);
    // A wallet of the test's own: the deal's payable amount is its amount, 1,000.
    expect(deal.payable).toBe('1000.0000');
    const txId = await sendUsdt(chain.standIn, to.address, '999');

    expect(await m.watcher.watchChain()).toMatchObject({ review: 1 });

    expect(await staffNotices()).toContainEqual({
      kind: 'staffNotice',
      type: 'chain.application',
      id: deal.id,
    });
    const messages = (await staffGroupMessages()).filter((text) => text.includes(txId));
    expect(messages).toHaveLength(1);
    // In the exchange's default language (ru): "999 of 1,000 USDT arrived", the deal, the hash.
    expect(messages[0]).toMatch(/^⚠️ Недоплата USDT: пришло 999 из 1\s000 USDT\n/);
    expect(messages[0]).toContain(deal.id.slice(0, 8));

    const detail = await m.admin.getAdminApplication(deal.id, asManager());
    expect(detail.status).toBe('WAITING_PAYMENT');
    expect(detail.chainTransfers).toEqual([
      expect.objectContaining({
        txId,
        amount: '999.000000',
        state: 'review',
        reason: 'underpaid',
        attachedBy: null,
      }),
    ]);
  });

  it("tells staff of a match and shows the watcher's confirmation with its hash on the deal", async () => {
    const to = await wallet();
    const deal = await waiting(to, 300);
    const txId = await sendUsdt(chain.standIn, to.address, deal.payable, { final: true });

    await m.watcher.watchChain();
    await m.watcher.watchChain();

    expect(await staffNotices()).toContainEqual({
      kind: 'staffNotice',
      type: 'chain.application',
      id: deal.id,
    });
    expect((await staffGroupMessages()).filter((text) => text.includes(txId))).toHaveLength(1);
    const detail = await m.admin.getAdminApplication(deal.id, asManager());
    expect(detail).toMatchObject({
      status: 'CONFIRMED',
      paymentConfirmation: { by: 'system', txHash: txId },
      chainTransfers: [expect.objectContaining({ txId, state: 'confirmed', attachedBy: null })],
    });
  });

  it('tells staff of a payout whose hash moved another amount, naming both', async () => {
    const office = await wallet();
    const deal = await confirmedForPayout();
    const sent = (deal.amountTo - 1).toFixed(2);
    const payout = await sendUsdt(chain.standIn, deal.address, sent, { from: office.address, final: true });

    const recorded = await m.deal.recordPayout(deal.id, { txHash: payout }, asManager());

    expect(recorded.payout?.chainCheck).toMatchObject({ state: 'mismatch', reason: 'wrongAmount' });
    expect(await staffNotices()).toContainEqual({
      kind: 'staffNotice',
      type: 'chain.application',
      id: deal.id,
    });
    const messages = (await staffGroupMessages()).filter((text) => text.includes(payout));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^❗ Хеш выплаты не совпадает: отправлено .* USDT, причитается .* USDT\n/);
  });

  it('tells staff why a payout hash does not match when it is not the amount', async () => {
    const deal = await confirmedForPayout();
    const fromTheClient = await sendUsdt(chain.standIn, deal.address, deal.amountTo.toFixed(2), {
      from: deal.address,
      final: true,
    });

    await m.deal.recordPayout(deal.id, { txHash: fromTheClient }, asManager());

    const messages = (await staffGroupMessages()).filter((text) => text.includes(fromTheClient));
    expect(messages).toEqual([
      expect.stringMatching(/^❗ Хеш выплаты не совпадает: отправлено не с кошелька обменника\n/),
    ]);
  });

  it("mentions the deal's manager on shift in the group's message of its payment, and nobody for a transfer of no deal", async () => {
    const { transactWrite } = await import('@functions/data/transactions');
    const { telegramLinkItems } = await import('@functions/data/telegram');
    const { findUserById } = await import('@functions/data/users');
    const { setOwnShift } = await import('@functions/domain/staff-users/shifts');
    const link = {
      telegramUserId: 700_100,
      chatId: 700_100,
      username: 'duty_manager',
      linkedAt: new Date().toISOString(),
    };
    await transactWrite(telegramLinkItems(chain.manager.id, link, {}));
    const manager = (await findUserById(chain.manager.id, true))!;
    await setOwnShift(manager, true);
    try {
      const to = await wallet();
      const deal = await waiting(to, 400);
      const paid = await sendUsdt(chain.standIn, to.address, '399');
      const stray = await sendUsdt(chain.standIn, (await wallet()).address, '5');
      await m.watcher.watchChain();

      const [ofDeal] = (await staffGroupMessages()).filter((text) => text.includes(paid));
      expect(ofDeal).toContain(deal.id.slice(0, 8));
      expect(ofDeal!.endsWith('\nНа смене: @duty_manager')).toBe(true);
      const [ofNoDeal] = (await staffGroupMessages()).filter((text) => text.includes(stray));
      expect(ofNoDeal).toBeDefined();
      expect(ofNoDeal).not.toContain('На смене');
    } finally {
      await setOwnShift((await findUserById(chain.manager.id, true))!, false);
    }
  });

  it('tells nothing twice: a transfer read again is known and writes nothing more', async () => {
    const to = await wallet();
    const txId = await sendUsdt(chain.standIn, to.address, '12.345678');
    await m.watcher.watchChain();
    const before = (await staffGroupMessages()).filter((text) => text.includes(txId));
    const noticesBefore = (await staffNotices()).filter(
      (notice) => notice?.kind === 'staffNotice' && notice.id === txId,
    );

    // The wallet's cursor goes back: the provider lists the same transfer again.
    await m.client.db.send(
      new m.lib.DeleteCommand({ TableName: m.client.tableName, Key: m.keys.keys.chainCursor(to.address) }),
    );
    await m.watcher.watchChain();

    expect(before).toHaveLength(1);
    expect(noticesBefore).toEqual([{ kind: 'staffNotice', type: 'chain.transfer', id: txId }]);
    expect((await staffGroupMessages()).filter((text) => text.includes(txId))).toHaveLength(1);
    expect(
      (await staffNotices()).filter((notice) => notice?.kind === 'staffNotice' && notice.id === txId),
    ).toHaveLength(1);
  });
});
