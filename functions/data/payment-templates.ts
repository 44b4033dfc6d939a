import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { TemplateAvailability } from '@shared/contract/payment-templates';
import { db, tableName } from './client';
import { keys } from './keys';
import { queryAll } from './query-window';
import type { TransactItem } from './transactions';

/**
 * A receiving detail's limits in the pool (functions/data/receiving-use.ts): per business day and
 * calendar month, what may come in (exact decimal text in its currency) and how many deals; null: none.
 */
export interface ReceivingLimits {
  dayAmount: string | null;
  monthAmount: string | null;
  dayDeals: number | null;
  monthDeals: number | null;
}

export const NO_RECEIVING_LIMITS: ReceivingLimits = {
  dayAmount: null,
  monthAmount: null,
  dayDeals: null,
  monthDeals: null,
};

/** A card or USDT template's place in the pool: how it is given out (rotation, manual, paused) and its limits. */
type PoolContent = {
  availability: TemplateAvailability;
  limits: ReceivingLimits;
};

/**
 * A saved payment instruction staff start from (docs/product.md §4 "The deal"): card or bank
 * details per fiat currency, an office's address per city, or a USDT TRC-20 receiving address.
 */
export type PaymentTemplateContent = (
  | ({
      kind: 'card';
      label: string;
      currency: string;
      details: string;
      /** The card or account number to transfer to, its bank and holder; null: only the details say. */
      number: string | null;
      bank: string | null;
      holder: string | null;
    } & PoolContent)
  | { kind: 'office'; label: string; city: string; details: string }
  | ({ kind: 'usdt'; label: string; address: string } & PoolContent)
) & {
  /** The office account its money is booked on (functions/data/ledger.ts); null: the asset's own. */
  accountId: string | null;
};

export type PaymentTemplateRecord = PaymentTemplateContent & {
  id: string;
  /** Deals under way whose instructions came from it: it cannot be deleted while above 0. */
  openDeals: number;
  /** When the system last picked it for a deal (the pool's round-robin order); absent: never. */
  lastPickedAt?: string;
  createdAt: string;
  updatedAt: string;
  updatedBy: string;
  version: number;
};

function toPaymentTemplate(item: Record<string, unknown>): PaymentTemplateRecord {
  const { pk: _pk, sk: _sk, gsi1pk: _gsi1pk, gsi1sk: _gsi1sk, ...record } = item;
  // Templates saved before a field existed read as without it.
  const card = record.kind === 'card' ? { number: null, bank: null, holder: null } : {};
  const pool = record.kind === 'office' ? {} : { availability: 'manual', limits: NO_RECEIVING_LIMITS };
  return { openDeals: 0, accountId: null, ...card, ...pool, ...record } as PaymentTemplateRecord;
}

export async function findPaymentTemplate(id: string): Promise<PaymentTemplateRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.paymentTemplate(id), ConsistentRead: true }),
  );
  return Item ? toPaymentTemplate(Item) : undefined;
}

/**
 * Every template, oldest first (pattern 35): Query gsi1 PAYTEMPLATES, every page (at most
 * MAX_PAYMENT_TEMPLATES small items). The index is eventually consistent: a template saved a
 * moment ago may be missing from a list read at once.
 */
export async function listPaymentTemplates(): Promise<PaymentTemplateRecord[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.paymentTemplatesIndex },
  });
  return items.map(toPaymentTemplate);
}

/** How many templates there are (pattern 35 with Select COUNT), for the limit on creating more. */
export async function countPaymentTemplates(): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.paymentTemplatesIndex },
        Select: 'COUNT',
        ExclusiveStartKey: startKey,
      }),
    );
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return count;
}

/** A new template, in the transaction with its audit entry; refused if the id is taken. */
export function paymentTemplatePut(record: PaymentTemplateRecord): TransactItem {
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...keys.paymentTemplate(record.id),
        ...keys.paymentTemplateListEntry(record.createdAt, record.id),
        ...record,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * Staff's new fields of a template (the same kind), conditional on the version they were read at,
 * so a save meanwhile is not overwritten. Only the content moves: `openDeals`, which deals change
 * without a version (templateDealCountChange), is left as it is.
 */
export function paymentTemplateUpdate(
  id: string,
  content: PaymentTemplateContent,
  change: { at: string; by: string },
  previousVersion: number,
): TransactItem {
  const fields: Record<string, unknown> = Object.fromEntries(
    Object.entries(content).filter(([name]) => name !== 'kind'),
  );
  const names = Object.keys(fields);
  return {
    Update: {
      TableName: tableName,
      Key: keys.paymentTemplate(id),
      UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :f${i}`).join(', ')}, updatedAt = :at, updatedBy = :by ADD version :one`,
      ConditionExpression: 'attribute_exists(pk) AND #kind = :kind AND version = :version',
      ExpressionAttributeNames: {
        '#kind': 'kind',
        ...Object.fromEntries(names.map((name, i) => [`#f${i}`, name])),
      },
      ExpressionAttributeValues: {
        ...Object.fromEntries(names.map((name, i) => [`:f${i}`, fields[name]])),
        ':kind': content.kind,
        ':at': change.at,
        ':by': change.by,
        ':one': 1,
        ':version': previousVersion,
      },
    },
  };
}

/**
 * Deletes a template, conditional on no deal under way using it (`openDeals` 0 or absent) and on
 * the version read (the audit entry's "before" is what is deleted). The condition is the guard: a
 * deal issued from the template between the read and the delete makes the delete fail.
 */
export function paymentTemplateDelete(id: string, previousVersion: number): TransactItem {
  return {
    Delete: {
      TableName: tableName,
      Key: keys.paymentTemplate(id),
      ConditionExpression:
        'attribute_exists(pk) AND version = :version AND (attribute_not_exists(openDeals) OR openDeals <= :none)',
      ExpressionAttributeValues: { ':version': previousVersion, ':none': 0 },
    },
  };
}

/**
 * A deal starts (+1) or stops (-1) using a template, in the transaction of that change; refused if
 * the template is gone (issuing from a template deleted meanwhile).
 */
export function templateDealCountChange(templateId: string, delta: 1 | -1): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.paymentTemplate(templateId),
      UpdateExpression: 'ADD openDeals :delta',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':delta': delta },
    },
  };
}

/**
 * Instructions start using a template of the pool (chosen or picked): +1 deal and the pick's time
 * (the round-robin's order), conditional on it not being paused and on the version read, so a limit
 * lowered or a pause set meanwhile is not passed by limits read before it.
 */
export function poolTemplateTake(templateId: string, readVersion: number, at: string): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.paymentTemplate(templateId),
      UpdateExpression: 'ADD openDeals :one SET lastPickedAt = :at',
      ConditionExpression:
        'attribute_exists(pk) AND version = :version AND (attribute_not_exists(availability) OR availability <> :paused)',
      ExpressionAttributeValues: { ':one': 1, ':at': at, ':version': readVersion, ':paused': 'paused' },
    },
  };
}
