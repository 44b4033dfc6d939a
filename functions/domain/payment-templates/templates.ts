import { randomUUID } from 'node:crypto';
import { auditPut } from '@functions/data/audit';
import { geoNodeExists } from '@functions/data/geo';
import { ledgerAccountFits } from '@functions/data/ledger';
import {
  countPaymentTemplates,
  findPaymentTemplate,
  NO_RECEIVING_LIMITS,
  type PaymentTemplateContent,
  type PaymentTemplateRecord,
  paymentTemplateDelete,
  paymentTemplatePut,
  paymentTemplateUpdate,
  listPaymentTemplates as readPaymentTemplates,
} from '@functions/data/payment-templates';
import { currencyValueExists } from '@functions/data/rates';
import { RECEIVING_USE_DECIMALS, readReceivingUse, receivingPeriod } from '@functions/data/receiving-use';
import { Transaction, TransactionCancelledError } from '@functions/data/transactions';
import type { RecordedActor } from '@functions/domain/accounts/principal';
import { MAX_PAYMENT_TEMPLATES } from '@shared/constants';
import type {
  PaymentTemplateBody,
  PaymentTemplatesData,
  PaymentTemplateView,
  ReceivingLimitsBody,
} from '@shared/contract/payment-templates';
import { fieldError } from '@shared/field-rules';
import { unitsText } from '@shared/money';
import {
  PaymentTemplateChangedMeanwhile,
  PaymentTemplateFieldsRefused,
  PaymentTemplateKindFixed,
  PaymentTemplateNotFound,
  TemplateInUse,
  TooManyPaymentTemplates,
} from './errors';
import { isPooled, type PoolPeriods, poolPeriods } from './pool';

/**
 * Payment templates (docs/operations.md "Payment templates", docs/architecture.md §4 pattern 35):
 * ADMIN saves, edits and deletes them, every staff member lists them. Each write and its audit
 * entry are one transaction, with a check that the card template's currency is one the rates know
 * and the office template's city is a place of the tree. Instructions copy a template's text, so
 * editing or deleting one never changes instructions already issued.
 */

/** What the staff screens show of a template's use: today's and this month's, read for the pooled ones. */
type UsageOf = Awaited<ReturnType<typeof readReceivingUse>>;

function paymentTemplateView(
  record: PaymentTemplateRecord,
  periods: PoolPeriods,
  usageOf: UsageOf,
): PaymentTemplateView {
  const common = {
    id: record.id,
    label: record.label,
    inUse: record.openDeals > 0,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    accountId: record.accountId ?? null,
  };
  if (record.kind === 'office')
    return { kind: 'office', ...common, city: record.city, details: record.details };
  const period = (key: string) => {
    const use = usageOf(record.id, key);
    return { amount: unitsText(use.units, RECEIVING_USE_DECIMALS), deals: use.deals };
  };
  const pool = {
    availability: record.availability,
    limits: record.limits,
    use: {
      day: periods.day,
      month: periods.month,
      today: period(receivingPeriod.day(periods.day)),
      thisMonth: period(receivingPeriod.month(periods.month)),
    },
    lastPickedAt: record.lastPickedAt ?? null,
  };
  if (record.kind === 'usdt') return { kind: 'usdt', ...common, address: record.address, ...pool };
  return {
    kind: 'card',
    ...common,
    currency: record.currency,
    details: record.details,
    number: record.number,
    bank: record.bank,
    holder: record.holder,
    ...pool,
  };
}

/** Templates as staff see them, with the pooled ones' use today and this month. */
async function viewsOf(records: PaymentTemplateRecord[], now: Date): Promise<PaymentTemplateView[]> {
  const periods = await poolPeriods(now);
  const usageOf = await readReceivingUse(
    records.filter(isPooled).map((record) => record.id),
    [receivingPeriod.day(periods.day), receivingPeriod.month(periods.month)],
  );
  return records.map((record) => paymentTemplateView(record, periods, usageOf));
}

async function viewOf(record: PaymentTemplateRecord, now: Date): Promise<PaymentTemplateView> {
  const [view] = await viewsOf([record], now);
  return view!;
}

/** The limits as kept: each one given, else none. */
const limitsOf = (limits: ReceivingLimitsBody | undefined) => ({
  dayAmount: limits?.dayAmount ?? NO_RECEIVING_LIMITS.dayAmount,
  monthAmount: limits?.monthAmount ?? NO_RECEIVING_LIMITS.monthAmount,
  dayDeals: limits?.dayDeals ?? NO_RECEIVING_LIMITS.dayDeals,
  monthDeals: limits?.monthDeals ?? NO_RECEIVING_LIMITS.monthDeals,
});

/** The body's fields of its kind, in the record's shape (the schema trimmed the texts). */
function contentOf(body: PaymentTemplateBody): PaymentTemplateContent {
  const accountId = body.accountId ?? null;
  switch (body.kind) {
    case 'card':
      return {
        kind: 'card',
        label: body.label,
        currency: body.currency,
        details: body.details,
        number: body.number ?? null,
        bank: body.bank ?? null,
        holder: body.holder ?? null,
        accountId,
        availability: body.availability ?? 'manual',
        limits: limitsOf(body.limits),
      };
    case 'office':
      return { kind: 'office', label: body.label, city: body.city, details: body.details, accountId };
    case 'usdt':
      return {
        kind: 'usdt',
        label: body.label,
        address: body.address,
        accountId,
        availability: body.availability ?? 'manual',
        limits: limitsOf(body.limits),
      };
  }
}

/** A record's content alone (the audit entry's before and after). */
function contentOfRecord(record: PaymentTemplateRecord): PaymentTemplateContent {
  return contentOf(record as PaymentTemplateBody);
}

function sameContent(a: PaymentTemplateContent, b: PaymentTemplateContent): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The transaction's check that what the template names exists: the rates' currency, the tree's
 * city, and an office account that takes its money (of its currency; a cash desk for an office).
 */
function withReferenceCheck(transaction: Transaction, content: PaymentTemplateContent): Transaction {
  if (content.accountId)
    transaction.add(
      'account',
      ledgerAccountFits(
        content.accountId,
        content.kind === 'office'
          ? { kind: 'cash' }
          : { currency: content.kind === 'usdt' ? 'USDT' : content.currency },
      ),
    );
  if (content.kind === 'card') return transaction.add('currency', currencyValueExists(content.currency));
  if (content.kind === 'office') return transaction.add('city', geoNodeExists(content.city));
  return transaction;
}

/** The field refused when the reference check failed: an unknown currency or city. */
function referenceRefusal(error: unknown, content: PaymentTemplateContent) {
  if (!(error instanceof TransactionCancelledError)) return null;
  if (error.failedOn('account'))
    return new PaymentTemplateFieldsRefused([fieldError('accountId', 'templateAccount')]);
  if (content.kind === 'card' && error.failedOn('currency')) {
    return new PaymentTemplateFieldsRefused([
      fieldError('currency', 'currencyNotInRates', { currency: content.currency }),
    ]);
  }
  if (content.kind === 'office' && error.failedOn('city')) {
    return new PaymentTemplateFieldsRefused([fieldError('city', 'unknownLocation')]);
  }
  return null;
}

function audited(
  action: 'create' | 'update' | 'delete',
  id: string,
  actor: RecordedActor,
  change: { before: PaymentTemplateContent | null; after: PaymentTemplateContent | null; at: Date },
) {
  return auditPut({
    actorId: actor.id,
    actorRole: actor.role,
    action: `paymentTemplate.${action}`,
    targetType: 'paymentTemplate',
    targetId: id,
    before: change.before,
    after: change.after,
    at: change.at,
  });
}

/** GET /admin/payment-templates: every template, oldest first. */
export async function listPaymentTemplates(now = new Date()): Promise<PaymentTemplatesData> {
  return { templates: await viewsOf(await readPaymentTemplates(), now) };
}

/**
 * POST /admin/payment-templates. At most MAX_PAYMENT_TEMPLATES: counted before the write, so two
 * saved at the very same moment may pass it by one (docs/decisions.md).
 */
export async function createPaymentTemplate(
  body: PaymentTemplateBody,
  actor: RecordedActor,
  now = new Date(),
): Promise<PaymentTemplateView> {
  if ((await countPaymentTemplates()) >= MAX_PAYMENT_TEMPLATES) {
    throw new TooManyPaymentTemplates(MAX_PAYMENT_TEMPLATES);
  }
  const content = contentOf(body);
  const at = now.toISOString();
  const record: PaymentTemplateRecord = {
    ...content,
    id: randomUUID(),
    openDeals: 0,
    createdAt: at,
    updatedAt: at,
    updatedBy: actor.id,
    version: 1,
  };
  const transaction = new Transaction()
    .add('template', paymentTemplatePut(record))
    .add('audit', audited('create', record.id, actor, { before: null, after: content, at: now }));
  try {
    await withReferenceCheck(transaction, content).run();
  } catch (error) {
    throw referenceRefusal(error, content) ?? error;
  }
  return viewOf(record, now);
}

/**
 * PUT /admin/payment-templates/{id}: the whole body of the same kind, conditional on the version
 * read (a save or delete meanwhile answers 409 or 404); an unchanged body writes nothing.
 */
export async function updatePaymentTemplate(
  id: string,
  body: PaymentTemplateBody,
  actor: RecordedActor,
  now = new Date(),
): Promise<PaymentTemplateView> {
  const current = await findPaymentTemplate(id);
  if (!current) throw new PaymentTemplateNotFound();
  if (current.kind !== body.kind) throw new PaymentTemplateKindFixed(current.kind, body.kind);
  const content = contentOf(body);
  const before = contentOfRecord(current);
  if (sameContent(before, content)) return viewOf(current, now);
  const at = now.toISOString();
  const transaction = new Transaction()
    .add('template', paymentTemplateUpdate(id, content, { at, by: actor.id }, current.version))
    .add('audit', audited('update', id, actor, { before, after: content, at: now }));
  try {
    await withReferenceCheck(transaction, content).run();
  } catch (error) {
    const refusal = referenceRefusal(error, content);
    if (refusal) throw refusal;
    if (error instanceof TransactionCancelledError && error.failedOn('template')) {
      throw (await findPaymentTemplate(id))
        ? new PaymentTemplateChangedMeanwhile()
        : new PaymentTemplateNotFound();
    }
    throw error;
  }
  return viewOf(
    {
      ...current,
      ...content,
      updatedAt: at,
      updatedBy: actor.id,
      version: current.version + 1,
    } as PaymentTemplateRecord,
    now,
  );
}

/** Saves meanwhile a delete reads past before it gives up (each one moved the version it was conditional on). */
const DELETE_ATTEMPTS = 3;

/**
 * DELETE /admin/payment-templates/{id}. The delete is conditional on no deal under way using the
 * template: when that condition fails the template is read again and the refusal says how many use
 * it (TemplateInUse). A save meanwhile (the version moved) is read past: deleting does not depend
 * on the fields, and the audit entry records what was deleted.
 */
export async function deletePaymentTemplate(
  id: string,
  actor: RecordedActor,
  now = new Date(),
): Promise<void> {
  for (let attempt = 0; attempt < DELETE_ATTEMPTS; attempt += 1) {
    const current = await findPaymentTemplate(id);
    if (!current) throw new PaymentTemplateNotFound();
    try {
      await new Transaction()
        .add('template', paymentTemplateDelete(id, current.version))
        .add(
          'audit',
          audited('delete', id, actor, { before: contentOfRecord(current), after: null, at: now }),
        )
        .run();
      return;
    } catch (error) {
      if (!(error instanceof TransactionCancelledError && error.failedOn('template'))) throw error;
      const latest = await findPaymentTemplate(id);
      if (!latest) throw new PaymentTemplateNotFound();
      if (latest.openDeals > 0) throw new TemplateInUse(latest.openDeals);
    }
  }
  throw new PaymentTemplateChangedMeanwhile();
}
