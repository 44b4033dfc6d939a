import { findApplication } from '@functions/data/applications';
import { listAuditFor } from '@functions/data/audit';
import { db } from '@functions/data/client';
import { findPaymentTemplate } from '@functions/data/payment-templates';
import { issueInstructions } from '@functions/domain/applications/staff-deal';
import { deletePaymentTemplate } from '@functions/domain/payment-templates/templates';
import type { PaymentTemplateView } from '@shared/contract/payment-templates';
import {
  adminChangeApplicationStatus,
  adminGetApplication,
  adminIssueInstructions,
} from '@shared/routes/admin-applications';
import { getMyApplication } from '@shared/routes/applications';
import { adminPutCityHours } from '@shared/routes/geo';
import {
  adminCreatePaymentTemplate,
  adminDeletePaymentTemplate,
  adminListPaymentTemplates,
  adminUpdatePaymentTemplate,
} from '@shared/routes/payment-templates';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, runId } from '../../support/api';
import { mailsTo } from '../../support/mail';
import { refusal } from '../../support/refusals';
import type { TestUser } from '../../support/users';
import { createApplication, newUser, standardBody } from '../applications/fixtures';
import { beforeNextTransaction } from '../support/transaction-faults';

/**
 * Payment templates (docs/operations.md "Payment templates"): ADMIN saves, edits and deletes them,
 * every staff member lists them; each write is audited; a template a deal under way was issued
 * from cannot be deleted, however the delete and the use race. Templates live in one list shared by
 * the whole run, so each test finds its own by id.
 */

/** TRON addresses whose checksum holds (mainnet, version byte 0x41). */
const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const OTHER_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
/** The first with its last character changed: the checksum fails. */
const TYPO_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u';
const MADRID = 'europe.spain.madrid';

let admin: TestUser;
let manager: TestUser;
let owner: TestUser;

beforeAll(async () => {
  [admin, manager, owner] = await Promise.all([
    newUser({ role: 'ADMIN' }),
    newUser({ role: 'MANAGER' }),
    newUser({ language: 'en' }),
  ]);
});

afterEach(() => {
  vi.restoreAllMocks();
});

const label = (what: string) => `${what} ${runId()}`;

async function create(body: Parameters<typeof call<typeof adminCreatePaymentTemplate>>[1]['body']) {
  const answer = await call(adminCreatePaymentTemplate, { token: admin.token, body });
  if (answer.status !== 201)
    throw new Error(`create refused: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data!;
}

async function listed(id: string, staff = admin): Promise<PaymentTemplateView | undefined> {
  const answer = await call(adminListPaymentTemplates, { token: staff.token });
  expect(answer.status).toBe(200);
  return answer.body.data!.templates.find((template) => template.id === id);
}

/** A card-EUR application in Madrid taken by the manager (PROCESSING), ready for instructions. */
async function takenApplication() {
  const application = await createApplication(owner, standardBody());
  const taken = await call(adminChangeApplicationStatus, {
    token: manager.token,
    params: { id: application.id },
    body: { status: 'PROCESSING' },
  });
  expect(taken.status).toBe(200);
  return application;
}

const issue = (id: string, templateId: string) =>
  call(adminIssueInstructions, {
    token: manager.token,
    params: { id },
    body: { text: 'Pay to the card below.', templateId },
  });

describe('creating each kind', () => {
  it('saves a card template for a currency the rates know, trimmed, with its audit entry', async () => {
    const name = label('EUR card');
    const answer = await call(adminCreatePaymentTemplate, {
      token: admin.token,
      body: {
        kind: 'card',
        label: `  ${name} `,
        currency: 'EUR',
        details: ' IBAN ES91 2100 0418 4502 0005 1332 ',
      },
    });
    expect(answer.status).toBe(201);
    const created = answer.body.data!;
    expect(created).toMatchObject({
      kind: 'card',
      label: name,
      currency: 'EUR',
      details: 'IBAN ES91 2100 0418 4502 0005 1332',
      inUse: false,
    });
    expect(await listed(created.id, manager)).toEqual(created);

    const audit = await listAuditFor('paymentTemplate', created.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      actorRole: 'ADMIN',
      action: 'paymentTemplate.create',
      before: null,
      after: { kind: 'card', label: name, currency: 'EUR', details: 'IBAN ES91 2100 0418 4502 0005 1332' },
    });
  });

  it('saves an office template for a city of the tree', async () => {
    const created = await create({
      kind: 'office',
      label: label('Madrid office'),
      city: MADRID,
      details: 'Calle Mayor 1, 2nd floor; ring "Exchange".',
    });
    expect(created).toMatchObject({ kind: 'office', city: MADRID, inUse: false });
    expect(await listed(created.id)).toEqual(created);
  });

  it('saves a USDT template with a TRON address', async () => {
    const created = await create({ kind: 'usdt', label: label('Hot wallet'), address: ` ${ADDRESS} ` });
    expect(created).toMatchObject({ kind: 'usdt', address: ADDRESS, inUse: false });
    expect(created).not.toHaveProperty('details');
    expect(await listed(created.id)).toEqual(created);
  });
});

describe('refusing what is not a template', () => {
  /** The field errors of a refused create, with the envelope's code: the schema's, else the domain's. */
  const refusedFields = async (body: unknown, code = 'ValidationFailed') => {
    const answer = await call(adminCreatePaymentTemplate, { token: admin.token, body: body as never });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code });
    return answer.body.errors!.map(({ path, code }) => ({ path, code }));
  };

  it('refuses an address whose checksum fails, and a short one, each with its own rule', async () => {
    expect(await refusedFields({ kind: 'usdt', label: 'Wallet', address: TYPO_ADDRESS })).toEqual([
      { path: 'address', code: 'tronAddressChecksum' },
    ]);
    expect(await refusedFields({ kind: 'usdt', label: 'Wallet', address: 'T123' })).toEqual([
      { path: 'address', code: 'tronAddress' },
    ]);
  });

  it('refuses an unknown kind, and a body without one', async () => {
    expect(await refusedFields({ kind: 'paypal', label: 'PayPal', details: 'me@example.com' })).toEqual([
      { path: 'kind', code: 'templateKind' },
    ]);
    expect(await refusedFields({ label: 'Nothing', details: 'x' })).toEqual([
      { path: 'kind', code: 'templateKind' },
    ]);
  });

  it('refuses missing and empty fields, each with its rule', async () => {
    expect(await refusedFields({ kind: 'card' })).toEqual([
      { path: 'label', code: 'templateLabelRequired' },
      { path: 'currency', code: 'required' },
      { path: 'details', code: 'templateDetailsRequired' },
    ]);
    expect(await refusedFields({ kind: 'office', label: '   ', city: '', details: ' ' })).toEqual([
      { path: 'label', code: 'templateLabelRequired' },
      { path: 'city', code: 'required' },
      { path: 'details', code: 'templateDetailsRequired' },
    ]);
    expect(await refusedFields({ kind: 'usdt', label: 'Wallet' })).toEqual([
      { path: 'address', code: 'required' },
    ]);
  });

  it("refuses another kind's fields, a malformed currency or city, and texts too long", async () => {
    expect(
      await refusedFields({ kind: 'usdt', label: 'Wallet', address: ADDRESS, details: 'extra' }),
    ).toEqual([{ path: 'details', code: 'unknownField' }]);
    expect(await refusedFields({ kind: 'card', label: 'Card', currency: 'eur', details: 'x' })).toEqual([
      { path: 'currency', code: 'currencyCode' },
    ]);
    expect(
      await refusedFields({ kind: 'office', label: 'Office', city: 'europe.spain', details: 'x' }),
    ).toEqual([{ path: 'city', code: 'cityKey' }]);
    expect(
      await refusedFields({
        kind: 'card',
        label: 'L'.repeat(101),
        currency: 'EUR',
        details: 'D'.repeat(2001),
      }),
    ).toEqual([
      { path: 'label', code: 'templateLabelTooLong' },
      { path: 'details', code: 'templateDetailsTooLong' },
    ]);
  });

  it('refuses a currency the rates do not know and a city the tree does not have, writing nothing', async () => {
    const gold = label('Gold');
    const atlantis = label('Atlantis');
    expect(
      await refusedFields(
        { kind: 'card', label: gold, currency: 'XAU', details: 'x' },
        'PaymentTemplateFieldsRefused',
      ),
    ).toEqual([{ path: 'currency', code: 'currencyNotInRates' }]);
    expect(
      await refusedFields(
        { kind: 'office', label: atlantis, city: 'europe.spain.atlantis', details: 'x' },
        'PaymentTemplateFieldsRefused',
      ),
    ).toEqual([{ path: 'city', code: 'unknownLocation' }]);
    const labels = (await call(adminListPaymentTemplates, { token: admin.token })).body.data!.templates.map(
      (template) => template.label,
    );
    expect(labels).not.toContain(gold);
    expect(labels).not.toContain(atlantis);
  });
});

describe('who may', () => {
  it('lets a MANAGER list the templates but not write them (403)', async () => {
    const template = await create({ kind: 'usdt', label: label('Manager reads'), address: ADDRESS });
    expect(await listed(template.id, manager)).toEqual(template);
    const body = { kind: 'usdt' as const, label: 'Changed', address: OTHER_ADDRESS };
    const answers = await Promise.all([
      call(adminCreatePaymentTemplate, { token: manager.token, body }),
      call(adminUpdatePaymentTemplate, { token: manager.token, params: { id: template.id }, body }),
      call(adminDeletePaymentTemplate, { token: manager.token, params: { id: template.id } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403]);
    expect(await listed(template.id)).toEqual(template);
  });

  it('lets no client list them (403) and nobody without a session (401)', async () => {
    expect((await call(adminListPaymentTemplates, { token: owner.token })).status).toBe(403);
    expect((await call(adminListPaymentTemplates)).status).toBe(401);
  });
});

describe('editing', () => {
  it('replaces the fields, keeps the kind, and audits before and after', async () => {
    const template = await create({
      kind: 'card',
      label: label('Card'),
      currency: 'EUR',
      details: 'Old IBAN',
    });
    const answer = await call(adminUpdatePaymentTemplate, {
      token: admin.token,
      params: { id: template.id },
      body: { kind: 'card', label: 'Card, new bank', currency: 'USD', details: 'New IBAN' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      id: template.id,
      label: 'Card, new bank',
      currency: 'USD',
      details: 'New IBAN',
    });
    expect(await listed(template.id)).toEqual(answer.body.data);
    const [update] = await listAuditFor('paymentTemplate', template.id);
    expect(update).toMatchObject({
      action: 'paymentTemplate.update',
      actorId: admin.id,
      before: { label: template.label, currency: 'EUR', details: 'Old IBAN' },
      after: { label: 'Card, new bank', currency: 'USD', details: 'New IBAN' },
    });
  });

  it('writes nothing for an unchanged body', async () => {
    const template = await create({ kind: 'usdt', label: label('Same'), address: ADDRESS });
    const answer = await call(adminUpdatePaymentTemplate, {
      token: admin.token,
      params: { id: template.id },
      body: { kind: 'usdt', label: template.label, address: ADDRESS },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual(template);
    expect((await listAuditFor('paymentTemplate', template.id)).map((entry) => entry.action)).toEqual([
      'paymentTemplate.create',
    ]);
  });

  it('refuses another kind (409), an unknown currency (400) and an unknown template (404)', async () => {
    const template = await create({ kind: 'card', label: label('Fixed'), currency: 'EUR', details: 'IBAN' });
    const kind = await call(adminUpdatePaymentTemplate, {
      token: admin.token,
      params: { id: template.id },
      body: { kind: 'usdt', label: 'Now a wallet', address: ADDRESS },
    });
    expect(kind.status).toBe(409);
    expect(kind.body).toMatchObject({
      code: 'PaymentTemplateKindFixed',
      params: { kind: 'card', sent: 'usdt' },
    });
    const currency = await call(adminUpdatePaymentTemplate, {
      token: admin.token,
      params: { id: template.id },
      body: { kind: 'card', label: 'Gold', currency: 'XAU', details: 'IBAN' },
    });
    expect(currency.status).toBe(400);
    expect(currency.body.errors).toMatchObject([
      { path: 'currency', code: 'currencyNotInRates', params: { currency: 'XAU' } },
    ]);
    const missing = await call(adminUpdatePaymentTemplate, {
      token: admin.token,
      params: { id: 'no-such-template' },
      body: { kind: 'usdt', label: 'Wallet', address: ADDRESS },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('PaymentTemplateNotFound');
    expect(await listed(template.id)).toEqual(template);
  });
});

describe('deleting', () => {
  it('deletes an unused template, audited with what was deleted; a second delete is 404', async () => {
    const template = await create({
      kind: 'office',
      label: label('Closing office'),
      city: MADRID,
      details: 'Gone soon',
    });
    const answer = await call(adminDeletePaymentTemplate, {
      token: admin.token,
      params: { id: template.id },
    });
    expect(answer.status).toBe(200);
    expect(await listed(template.id)).toBeUndefined();
    expect(await findPaymentTemplate(template.id)).toBeUndefined();
    const [deleted] = await listAuditFor('paymentTemplate', template.id);
    expect(deleted).toMatchObject({
      action: 'paymentTemplate.delete',
      actorId: admin.id,
      before: { kind: 'office', label: template.label, city: MADRID, details: 'Gone soon' },
      after: null,
    });
    const again = await call(adminDeletePaymentTemplate, { token: admin.token, params: { id: template.id } });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('PaymentTemplateNotFound');
  });

  it('refuses (409) while a deal under way was issued from it, and deletes it once the deal ends', async () => {
    const template = await create({
      kind: 'card',
      label: label('Busy card'),
      currency: 'EUR',
      details: 'IBAN',
    });
    const application = await takenApplication();
    const issued = await issue(application.id, template.id);
    expect(issued.status).toBe(200);
    expect(issued.body.data).toMatchObject({ status: 'WAITING_PAYMENT' });
    expect((await listed(template.id))?.inUse).toBe(true);

    const refused = await call(adminDeletePaymentTemplate, {
      token: admin.token,
      params: { id: template.id },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, code: 'TemplateInUse', params: { openDeals: 1 } });
    expect(await listed(template.id)).toBeDefined();
    expect((await listAuditFor('paymentTemplate', template.id)).map((entry) => entry.action)).toEqual([
      'paymentTemplate.create',
    ]);

    const rejected = await call(adminChangeApplicationStatus, {
      token: manager.token,
      params: { id: application.id },
      body: { status: 'REJECTED', rejectionReason: 'The client did not pay.' },
    });
    expect(rejected.status).toBe(200);
    expect((await listed(template.id))?.inUse).toBe(false);
    const deleted = await call(adminDeletePaymentTemplate, {
      token: admin.token,
      params: { id: template.id },
    });
    expect(deleted.status).toBe(200);
    expect(await findPaymentTemplate(template.id)).toBeUndefined();
  });

  it('loses to a deal issued between its read and its write: refused, the template and its count kept', async () => {
    const template = await create({
      kind: 'card',
      label: label('Raced card'),
      currency: 'EUR',
      details: 'IBAN',
    });
    const application = await takenApplication();
    let issuedMeanwhile = 0;
    beforeNextTransaction(db, async () => {
      issuedMeanwhile = (await issue(application.id, template.id)).status;
    });
    const answer = await refusal(deletePaymentTemplate(template.id, { id: admin.id, role: 'ADMIN' }));
    expect(issuedMeanwhile).toBe(200);
    expect(answer.status).toBe(409);
    expect(answer).toMatchObject({ code: 'TemplateInUse', params: { openDeals: 1 } });
    expect(await findPaymentTemplate(template.id)).toMatchObject({ openDeals: 1 });
  });

  it('wins over a deal issued after it: the deal is refused, so no count is left on a deleted template', async () => {
    const template = await create({
      kind: 'card',
      label: label('Deleted card'),
      currency: 'EUR',
      details: 'IBAN',
    });
    const application = await takenApplication();
    expect(
      (await call(adminDeletePaymentTemplate, { token: admin.token, params: { id: template.id } })).status,
    ).toBe(200);
    const late = await issue(application.id, template.id);
    expect(late.status).toBe(400);
    expect(late.body.errors).toMatchObject([{ path: 'templateId', code: 'templateNotFound' }]);
    expect(await findPaymentTemplate(template.id)).toBeUndefined();
  });

  it('wins over a deal that read the template before the delete: the deal is not written, no count is left', async () => {
    const template = await create({
      kind: 'card',
      label: label('Vanishing card'),
      currency: 'EUR',
      details: 'IBAN',
    });
    const application = await takenApplication();
    let deletedMeanwhile = 0;
    beforeNextTransaction(db, async () => {
      deletedMeanwhile = (
        await call(adminDeletePaymentTemplate, { token: admin.token, params: { id: template.id } })
      ).status;
    });
    const issuing = issueInstructions(
      application.id,
      { text: 'Pay to the card below.', templateId: template.id },
      { id: manager.id, role: 'MANAGER' },
    );
    // Refused as a lost race (its wording is the deal's: docs/product.md §4), not a 500.
    expect([400, 409]).toContain((await refusal(issuing)).status);
    expect(deletedMeanwhile).toBe(200);
    expect(await findPaymentTemplate(template.id)).toBeUndefined();
    expect(await findApplication(application.id)).toMatchObject({ status: 'PROCESSING', instructions: null });
  });
});

describe('what the client is told to pay into, and where cash is collected', () => {
  /** A card number whose Luhn digit holds, and the same with its last digit changed. */
  const CARD = '2202200000000008';
  const CARD_TYPO = '2202200000000009';

  it("keeps a card template's number as digits, its bank and holder; refuses a typo and a non-number", async () => {
    const created = await create({
      kind: 'card',
      label: label('EUR card with number'),
      currency: 'EUR',
      details: 'Reference: your application number.',
      number: ' 2202 2000 0000 0008 ',
      bank: ' Santander ',
      holder: 'J. Smith',
    });
    expect(created).toMatchObject({ kind: 'card', number: CARD, bank: 'Santander', holder: 'J. Smith' });
    // An IBAN is a number a client can transfer to as well; blank texts are none.
    const iban = await create({
      kind: 'card',
      label: label('EUR IBAN'),
      currency: 'EUR',
      details: 'SEPA transfer.',
      number: 'ES91 2100 0418 4502 0005 1332',
      bank: '',
      holder: '   ',
    });
    expect(iban).toMatchObject({ number: 'ES9121000418450200051332', bank: null, holder: null });

    const refused = async (number: string) => {
      const answer = await call(adminCreatePaymentTemplate, {
        token: admin.token,
        body: { kind: 'card', label: label('Refused'), currency: 'EUR', details: 'x', number },
      });
      expect(answer.status).toBe(400);
      return answer.body.errors!.map(({ path, code }) => ({ path, code }));
    };
    expect(await refused(CARD_TYPO)).toEqual([{ path: 'number', code: 'cardNumber' }]);
    expect(await refused('call me')).toEqual([{ path: 'number', code: 'receivingNumber' }]);
  });

  it("copies the card's number, bank and holder into the instructions, unchanged by a later edit, and mails them", async () => {
    const template = await create({
      kind: 'card',
      label: label('EUR card told'),
      currency: 'EUR',
      details: 'Reference: your application number.',
      number: CARD,
      bank: 'Santander',
      holder: 'J. Smith',
    });
    const application = await takenApplication();
    expect((await issue(application.id, template.id)).status).toBe(200);
    const edited = await call(adminUpdatePaymentTemplate, {
      token: admin.token,
      params: { id: template.id },
      body: { kind: 'card', label: template.label, currency: 'EUR', details: 'Other.', number: null },
    });
    expect(edited.status).toBe(200);

    const detail = await call(getMyApplication, { token: owner.token, params: { id: application.id } });
    expect(detail.body.data!.instructions).toMatchObject({
      payTo: { kind: 'card', number: CARD, bank: 'Santander', holder: 'J. Smith' },
      collectAt: null,
    });
    // Staff read the template's name, never its id.
    const staffDetail = await call(adminGetApplication, {
      token: manager.token,
      params: { id: application.id },
    });
    expect(staffDetail.body.data!.templateNames).toEqual({ [template.id]: template.label });
    const mail = (await mailsTo(owner.email)).find(
      (sent) =>
        sent.subject.includes(application.id.slice(0, 8)) && sent.subject.includes('awaiting your payment'),
    );
    expect(mail?.body.text).toMatch(/Card or account number:\s+2202 2000 0000 0008\n/);
    expect(mail?.body.text).toMatch(/Bank:\s+Santander\n/);
    expect(mail?.body.text).toMatch(/Recipient:\s+J\. Smith\n/);
    expect(mail?.body.text).toMatch(/Amount to send:\s+500 Card EUR\n/);
  });

  it('names the office of the city where a client paid out in cash collects it, with its hours, on the page and in the mail', async () => {
    const hours = await call(adminPutCityHours, {
      token: admin.token,
      params: { key: MADRID },
      body: {
        timeZone: 'Europe/Madrid',
        week: Object.fromEntries(
          ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [
            day,
            { open: '00:00', close: '24:00' },
          ]),
        ) as never,
        code: null,
      },
    });
    expect(hours.status).toBe(200);
    // The first office of the city by name is the one named.
    const office = await create({
      kind: 'office',
      label: `A ${label('Madrid desk')}`,
      city: MADRID,
      details: 'Calle Mayor 1, 2nd floor',
    });
    const wallet = await create({ kind: 'usdt', label: label('Collect wallet'), address: ADDRESS });
    const application = await createApplication(
      owner,
      standardBody({ assetFrom: 'usdt-trc20', assetTo: 'cash-EUR', amount: 300 }),
    );
    expect(
      (
        await call(adminChangeApplicationStatus, {
          token: manager.token,
          params: { id: application.id },
          body: { status: 'PROCESSING' },
        })
      ).status,
    ).toBe(200);
    expect((await issue(application.id, wallet.id)).status).toBe(200);

    const detail = await call(getMyApplication, { token: owner.token, params: { id: application.id } });
    expect(detail.body.data!.instructions?.collectAt).toEqual({
      label: office.label,
      address: 'Calle Mayor 1, 2nd floor',
      city: MADRID,
    });
    expect(detail.body.data!.instructions?.payTo).toBeNull();
    const mail = (await mailsTo(owner.email)).find(
      (sent) =>
        sent.subject.includes(application.id.slice(0, 8)) && sent.subject.includes('awaiting your payment'),
    );
    expect(mail?.body.text).toContain(`${office.label}, Calle Mayor 1, 2nd floor\n`);
    expect(mail?.body.text).toMatch(/Collect your cash at:\s+A /);
    expect(mail?.body.text).toMatch(/Office hours:\s+daily around the clock \(.*UTC\+[12]\)\n/);
  });
});
