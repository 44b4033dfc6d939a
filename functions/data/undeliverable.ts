import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';

/** Why an address gets no more mail: a permanent bounce or a complaint reported by SES. */
export interface UndeliverableAddress {
  email: string;
  reason: 'bounce' | 'complaint';
  /** SES's words: `Permanent/General`, or the complaint's feedback type. */
  detail: string | null;
  /** When SES reported it. */
  at: string;
}

/**
 * Marks an address undeliverable (pattern 31), whoever it belongs to (a user, or the staff
 * address of a setting). The latest report wins; repeating one changes nothing.
 */
export async function putUndeliverableAddress(address: UndeliverableAddress): Promise<void> {
  const email = normalizedAddress(address.email);
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...keys.undeliverableAddress(email), ...address, email },
    }),
  );
}

/** SES reports addresses as the receiving server wrote them; accounts store them lower-cased. */
function normalizedAddress(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUndeliverableAddress(email: string): Promise<UndeliverableAddress | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.undeliverableAddress(normalizedAddress(email)) }),
  );
  if (!Item) return undefined;
  const { email: stored, reason, detail, at } = Item as unknown as UndeliverableAddress;
  return { email: stored, reason, detail: detail ?? null, at };
}
