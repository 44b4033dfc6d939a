import { BatchGetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';
import type { TransactItem } from './transactions';

export interface LocalizedNames {
  ru: string;
  en: string;
}

/** One continent, country or city; `key` is the dotted geo key. */
export interface GeoNodeRecord {
  key: string;
  defaultName: string;
  names: LocalizedNames;
  isActive: boolean;
  /** Countries only: ISO 4217 code. */
  localCurrency?: string;
}

/**
 * Every node of the tree, or of one subtree when `underKey` is given (access patterns 4 and 5); the
 * partition's other items (working hours, pattern 28) are not read.
 */
export async function listGeoNodes(underKey?: string): Promise<GeoNodeRecord[]> {
  const input: QueryCommandInput = {
    TableName: tableName,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': keys.geoPartition,
      ':prefix': underKey ? keys.geoNode(underKey).sk : keys.geoNodeSortKeyPrefix,
    },
  };
  const nodes: GeoNodeRecord[] = [];
  let exclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({ ...input, ExclusiveStartKey: exclusiveStartKey }));
    for (const item of page.Items ?? []) nodes.push(toGeoNode(item));
    exclusiveStartKey = page.LastEvaluatedKey;
  } while (exclusiveStartKey);
  return nodes;
}

function toGeoNode(item: Record<string, unknown>): GeoNodeRecord {
  const { key, defaultName, names, isActive, localCurrency } = item as unknown as GeoNodeRecord;
  return localCurrency
    ? { key, defaultName, names, isActive, localCurrency }
    : { key, defaultName, names, isActive };
}

export function geoNodeItem(node: GeoNodeRecord) {
  return { ...keys.geoNode(node.key), ...node };
}

/** Sets one node's state, only if it is still the state read (so concurrent toggles cannot interleave). */
export function geoActiveUpdate(key: string, from: boolean, to: boolean): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.geoNode(key),
      UpdateExpression: 'SET isActive = :to',
      ConditionExpression: 'isActive = :from',
      ExpressionAttributeValues: { ':from': from, ':to': to },
    },
  };
}

/** Given keys (a node and its ancestors), one BatchGetItem, consistent. */
export async function findGeoNodes(geoKeys: string[]): Promise<Map<string, GeoNodeRecord>> {
  const unique = [...new Set(geoKeys)];
  const found = new Map<string, GeoNodeRecord>();
  if (unique.length === 0) return found;
  const { Responses } = await db.send(
    new BatchGetCommand({
      RequestItems: { [tableName]: { Keys: unique.map((key) => keys.geoNode(key)), ConsistentRead: true } },
    }),
  );
  for (const item of Responses?.[tableName] ?? []) {
    const node = toGeoNode(item);
    found.set(node.key, node);
  }
  return found;
}

/** A transaction's check that a place of the tree exists, switched on or not (a payment template's city). */
export function geoNodeExists(key: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName,
      Key: keys.geoNode(key),
      ConditionExpression: 'attribute_exists(pk)',
    },
  };
}
