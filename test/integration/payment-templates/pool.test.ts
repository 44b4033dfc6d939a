import type { UserRecord } from '@functions/data/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standardBody } from '../applications/bodies';
import { createIsolatedTable, putUser } from '../applications/isolated-table';
import { dealModules } from '../chain/chain-table';

/**
 * The pool of receiving details (docs/operations.md "The pool of receiving details"): instructions
 * issued without a chosen template get the next card with room, round-robin, and no card's limits
 * are ever passed, however many staff issue at once. A table of this file's own, so the cards of
 * a currency are only this file's (the card tests below each use a currency of their own).
 */
let drop: () => Promise<void>;
let m: Awaited<ReturnType<typeof modules>>;
let staff: UserRecord;
const actor = () => ({ id: staff.id, role: 'MANAGER' as const });

const modules = async () => ({
  ...(await dealModules()),
  templates: await import('@functions/domain/payment-templates/templates'),
  notifications: await import('@functions/domain/notifications/notifications'),
  errors: await import('@functions/domain/applications/errors'),
});

beforeAll(async () => {
  drop = await createIsolatedTable('pool');
  m = await modules();
  staff = await putUser({ role: 'ADMIN' });
});
afterAll(async () => {
  await drop?.();
});

type Limits = { dayAmount?: string; monthAmount?: string; dayDeals?: number; monthDeals?: number };

let cards = 0;
/** A card template of `currency` with these limits (the seed's rates know USD, EUR and RUB). */
async function card(
  currency: string,
  limits: Limits = {},
  availability: 'rotation' | 'manual' | 'paused' = 'rotation',
) {
  cards += 1;
  return m.templates.createPaymentTemplate(
    {
      kind: 'card',
      label: `Card ${cards}`,
      currency,
      details: `Transfer to card ${cards}`,
      number: '4000000000000002',
      limits,
      availability,
    },
    { id: staff.id, role: 'ADMIN' },
  );
}

/** A card → USDT application of a new client for `amount` of `currency`, taken by staff. */
async function taken(currency: string, amount: number) {
  const owner = await putUser();
  const { application } = await m.create.createApplication(
    owner.id,
    standardBody({ assetFrom: `card-${currency}`, amount }) as never,
    undefined,
  );
  await m.admin.changeApplicationStatus(application.id, { status: 'PROCESSING' }, actor());
  return application.id;
}

/** Instructions without a chosen template: the pool picks. */
const issue = (id: string, templateId?: string) =>
  m.deal.issueInstructions(
    id,
    { text: 'Pay by bank transfer', ...(templateId ? { templateId } : {}) },
    actor(),
  );

/** The field error a refusal carries on `templateId`. */
async function refusalOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(m.errors.TemplateRefused);
  return (error as { fields?: { path: string; code: string }[] }).fields;
}

async function templateView(id: string) {
  const { templates } = await m.templates.listPaymentTemplates();
  const found = templates.find((template) => template.id === id);
  if (!found || found.kind === 'office') throw new Error(`No pooled template ${id}`);
  return found;
}

describe('the pool of receiving details', () => {
  it('never passes a limit under 20 concurrent instruction issues, and refuses the rest', async () => {
    const [byDeals, byAmount, byMonth] = [
      await card('EUR', { dayDeals: 3 }),
      await card('EUR', { dayAmount: '1500' }),
      await card('EUR', { monthDeals: 4, monthAmount: '100000' }),
    ];
    const ids = await Promise.all(Array.from({ length: 20 }, () => taken('EUR', 500)));
    const outcomes = await Promise.allSettled(ids.map((id) => issue(id)));

    const issued = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    // Room for 3 + 3 + 4 deals of 500 EUR: exactly as many issued, the rest refused as full.
    expect(issued).toHaveLength(10);
    for (const reason of refused) {
      expect(reason).toBeInstanceOf(m.errors.TemplateRefused);
      expect((reason as { fields: unknown[] }).fields).toEqual([
        expect.objectContaining({ path: 'templateId', code: 'noReceivingDetailFree' }),
      ]);
    }
    const perTemplate = (id: string) => issued.filter((deal) => deal.instructions!.templateId === id).length;
    expect([perTemplate(byDeals.id), perTemplate(byAmount.id), perTemplate(byMonth.id)]).toEqual([3, 3, 4]);
    // What the pool counted is what was issued, to the unit.
    const [deals, amount, month] = await Promise.all(
      [byDeals, byAmount, byMonth].map((template) => templateView(template.id)),
    );
    expect(deals!.use.today).toEqual({ amount: '1500.000000', deals: 3 });
    expect(amount!.use.today).toEqual({ amount: '1500.000000', deals: 3 });
    expect(month!.use.thisMonth).toEqual({ amount: '2000.000000', deals: 4 });
  });

  it('spreads deals round-robin: the card picked longest ago first', async () => {
    const pool = [await card('USD'), await card('USD'), await card('USD')];
    const picked: string[] = [];
    for (let deal = 0; deal < 6; deal += 1) {
      const issued = await issue(await taken('USD', 200));
      picked.push(issued.instructions!.templateId!);
    }
    const [a, b, c] = pool.map((template) => template.id);
    expect(picked).toEqual([a, b, c, a, b, c]);
    // The client is told the picked card's number, and the text staff wrote.
    const view = await templateView(a!);
    expect(view.use.today).toEqual({ amount: '400.000000', deals: 2 });
    expect(view.lastPickedAt).not.toBeNull();
  });

  it('never picks a paused or by-hand card, refuses a paused one chosen, and a chosen card the deal would take past its limit', async () => {
    const paused = await card('RUB', {}, 'paused');
    const small = await card('RUB', { dayAmount: '50000' });
    const first = await issue(await taken('RUB', 30000));
    expect(first.instructions!.templateId).toBe(small.id);
    expect(first.instructions!.payTo).toMatchObject({ number: '4000000000000002' });
    expect(await refusalOf(issue(await taken('RUB', 30000), paused.id))).toEqual([
      expect.objectContaining({ path: 'templateId', code: 'receivingDetailPaused' }),
    ]);
    expect(await refusalOf(issue(await taken('RUB', 30000), small.id))).toEqual([
      expect.objectContaining({ path: 'templateId', code: 'receivingDetailFull' }),
    ]);
    expect(await refusalOf(issue(await taken('RUB', 30000)))).toEqual([
      expect.objectContaining({ path: 'templateId', code: 'noReceivingDetailFree' }),
    ]);
    // A card given by hand only is never picked, and is given when staff choose it.
    const byHand = await card('RUB', {}, 'manual');
    expect(await refusalOf(issue(await taken('RUB', 30000)))).toEqual([
      expect.objectContaining({ path: 'templateId', code: 'noReceivingDetailFree' }),
    ]);
    const chosen = await issue(await taken('RUB', 30000), byHand.id);
    expect(chosen.instructions!.templateId).toBe(byHand.id);
    expect((await templateView(byHand.id)).use.today).toEqual({ amount: '30000.000000', deals: 1 });
    // Nothing of the refused ones was counted.
    expect((await templateView(small.id)).use.today).toEqual({ amount: '30000.000000', deals: 1 });
    expect((await templateView(paused.id)).use.today).toEqual({ amount: '0.000000', deals: 0 });
  });

  it('gives the count back when a deal ends with nothing received, and alerts staff once near a limit', async () => {
    // Chosen by staff (the pool's USD cards above take turns): counted and alerted the same way.
    const template = await card('USD', { dayDeals: 5 });
    const ids = await Promise.all(Array.from({ length: 4 }, () => taken('USD', 100)));
    for (const id of ids) await issue(id, template.id);
    expect((await templateView(template.id)).use.today).toEqual({ amount: '400.000000', deals: 4 });

    // 4 of 5 is 80 %: every active staff member is told, once.
    const alerts = async () =>
      (await m.notifications.listNotifications(staff.id, { page: 1, limit: 50 })).items.filter(
        (notice) => notice.type === 'RECEIVING_NEAR_LIMIT' && notice.templateId === template.id,
      );
    expect(await alerts()).toEqual([
      expect.objectContaining({ title: expect.stringContaining(template.label) }),
    ]);

    await m.admin.changeApplicationStatus(
      ids[0]!,
      { status: 'REJECTED', rejectionReason: 'Card holder does not match' },
      actor(),
    );
    expect((await templateView(template.id)).use.today).toEqual({ amount: '300.000000', deals: 3 });
    // The room given back is used again; the fifth deal reaches the limit without a second alert.
    await issue(await taken('USD', 100), template.id);
    await issue(await taken('USD', 100), template.id);
    expect((await templateView(template.id)).use.today).toEqual({ amount: '500.000000', deals: 5 });
    expect(await refusalOf(issue(await taken('USD', 100), template.id))).toEqual([
      expect.objectContaining({ path: 'templateId', code: 'receivingDetailFull' }),
    ]);
    expect(await alerts()).toHaveLength(1);
  });
});
