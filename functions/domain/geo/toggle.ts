import { NotFound, StateConflict } from '@functions/commons/errors';
import { auditPut } from '@functions/data/audit';
import { geoActiveUpdate, listGeoNodes } from '@functions/data/geo';
import { type TransactItem, TransactionCancelledError, transactWrite } from '@functions/data/transactions';
import type { RecordedActor } from '@functions/domain/accounts/principal';
import type { GeoToggleBody } from '@shared/contract/admin';
import { geoAncestry, isGeoDescendantOrSelf } from '@shared/geo';

export class UnknownLocation extends NotFound {
  constructor(locationKey: string) {
    super(`Unknown location ${locationKey}.`, { params: { locationKey } });
  }
}

export class GeoChangedMeanwhile extends StateConflict {
  constructor() {
    super('The locations were changed by someone else meanwhile. Reload and try again.');
  }
}

/** Nodes per transaction (the audit entry takes the last of DynamoDB's 100 slots). */
const CHUNK = 99;
const MAX_ATTEMPTS = 3;

/**
 * PUT /admin/geo/toggle (docs/product.md §4): the node and all its descendants take the new state; switching
 * on also switches on its ancestors. Only nodes whose state differs are written, each conditional
 * on the state read, so the call is idempotent and a concurrent toggle is retried on fresh data.
 */
export async function toggleGeo(body: GeoToggleBody, actor: RecordedActor) {
  const continent = body.locationKey.split('.')[0]!;
  for (let attempt = 1; ; attempt += 1) {
    const nodes = await listGeoNodes(continent);
    if (!nodes.some((node) => node.key === body.locationKey)) {
      throw new UnknownLocation(body.locationKey);
    }
    const ancestors = new Set(body.isActive ? geoAncestry(body.locationKey) : []);
    const changed = nodes
      .filter((node) => isGeoDescendantOrSelf(node.key, body.locationKey) || ancestors.has(node.key))
      .filter((node) => node.isActive !== body.isActive)
      .map((node) => node.key)
      .sort();
    if (changed.length === 0) return { locationKey: body.locationKey, isActive: body.isActive, changed };
    try {
      for (let start = 0; start < changed.length; start += CHUNK) {
        const chunk = changed.slice(start, start + CHUNK);
        const items: TransactItem[] = chunk.map((key) => geoActiveUpdate(key, !body.isActive, body.isActive));
        items.push(
          auditPut({
            actorId: actor.id,
            actorRole: actor.role,
            action: 'geo.toggle',
            targetType: 'geo',
            targetId: body.locationKey,
            before: Object.fromEntries(chunk.map((key) => [key, !body.isActive])),
            after: Object.fromEntries(chunk.map((key) => [key, body.isActive])),
          }),
        );
        await transactWrite(items);
      }
      return { locationKey: body.locationKey, isActive: body.isActive, changed };
    } catch (error) {
      if (!(error instanceof TransactionCancelledError && error.conditionFailed)) throw error;
      if (attempt >= MAX_ATTEMPTS) {
        throw new GeoChangedMeanwhile();
      }
    }
  }
}
