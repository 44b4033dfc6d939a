import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';
import type { TransactItem } from './transactions';

/**
 * A saved payment instruction staff start from (docs/product.md §4 "The deal"): card or bank
 * details per fiat currency, an office's address per city, or a USDT TRC-20 receiving address.
 */
export type PaymentTemplateContent =
  | { kind: 'card'; label: string; currency: string; details: string }
  | { kind: 'office'; label: string; city: string; details: string }
  | { kind: 'usdt'; label: string; address: string };

export type PaymentTemplateRecord = PaymentTemplateContent & {
  id: string;
  /** Deals under way whose instructions came from it: it cannot be deleted while above 0. */
  openDeals: number;
  createdAt: string;
  updatedAt: string;
  updatedBy: string;
  version: number;
};

export async function findPaymentTemplate(id: string): Promise<PaymentTemplateRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.paymentTemplate(id), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  const { pk: _pk, sk: _sk, gsi1pk: _gsi1pk, gsi1sk: _gsi1sk, ...record } = Item;
  return { openDeals: 0, ...record } as PaymentTemplateRecord;
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
