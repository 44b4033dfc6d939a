import { InvalidRequest, NotFound, StateConflict } from '@functions/commons/errors';
import { auditPut } from '@functions/data/audit';
import { geoActiveUpdate, listGeoNodes } from '@functions/data/geo';
import { type TransactItem, TransactionCancelledError, transactWrite } from '@functions/data/transactions';
import type { RecordedActor } from '@functions/domain/accounts/principal';
import type { GeoBulkBody, GeoToggleBody } from '@shared/contract/admin';
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

/** "Only these" (`othersOff`) asked while switching off: it keeps the chosen places on, so it is refused. */
export class OthersOffNeedsSwitchingOn extends InvalidRequest {
  constructor() {
    super('“Only these” switches the chosen locations on: it cannot switch them off.');
  }
}

/**
 * PUT /admin/geo/toggle (docs/product.md §4): the node and all its descendants take the new state; switching
 * on also switches on its ancestors. Only nodes whose state differs are written, each conditional
 * on the state read, so the call is idempotent and a concurrent toggle is retried on fresh data.
 */
export async function toggleGeo(body: GeoToggleBody, actor: RecordedActor) {
  const changed = await switchLocations([body.locationKey], body.isActive, false, actor);
  return { locationKey: body.locationKey, isActive: body.isActive, changed };
}

/**
 * PUT /admin/geo/bulk: each location as `toggleGeo` switches it, in one pass; with `othersOff`
 * ("only these", switching on) every location that is none of them, nor above or below one, is
 * switched off, so a fresh install is restricted to one country in one call.
 */
export async function switchGeoBulk(body: GeoBulkBody, actor: RecordedActor) {
  if (body.othersOff && !body.isActive) throw new OthersOffNeedsSwitchingOn();
  return { changed: await switchLocations(body.locationKeys, body.isActive, body.othersOff === true, actor) };
}

async function switchLocations(
  locationKeys: string[],
  isActive: boolean,
  othersOff: boolean,
  actor: RecordedActor,
): Promise<string[]> {
  const continents = new Set(locationKeys.map((key) => key.split('.')[0]!));
  // One continent's nodes do for a toggle; a bulk switch across continents or "only these" reads them all.
  const under = continents.size === 1 && !othersOff ? [...continents][0] : undefined;
  for (let attempt = 1; ; attempt += 1) {
    const nodes = await listGeoNodes(under);
    const known = new Set(nodes.map((node) => node.key));
    const unknown = locationKeys.find((key) => !known.has(key));
    if (unknown) throw new UnknownLocation(unknown);
    const ancestors = new Set(isActive ? locationKeys.flatMap((key) => geoAncestry(key)) : []);
    const targetOf = (key: string): boolean | undefined => {
      if (locationKeys.some((chosen) => isGeoDescendantOrSelf(key, chosen))) return isActive;
      if (ancestors.has(key)) return true;
      return othersOff ? false : undefined;
    };
    const changed = nodes
      .filter((node) => {
        const target = targetOf(node.key);
        return target !== undefined && target !== node.isActive;
      })
      .map((node) => node.key)
      .sort();
    if (changed.length === 0) return changed;
    try {
      for (let start = 0; start < changed.length; start += CHUNK) {
        const chunk = changed.slice(start, start + CHUNK);
        const items: TransactItem[] = chunk.map((key) =>
          geoActiveUpdate(key, !targetOf(key), targetOf(key)!),
        );
        items.push(
          auditPut({
            actorId: actor.id,
            actorRole: actor.role,
            action: locationKeys.length === 1 && !othersOff ? 'geo.toggle' : 'geo.bulk',
            targetType: 'geo',
            targetId: locationKeys.length === 1 ? locationKeys[0]! : 'bulk',
            before: Object.fromEntries(chunk.map((key) => [key, !targetOf(key)])),
            after: Object.fromEntries(chunk.map((key) => [key, targetOf(key)])),
          }),
        );
        await transactWrite(items);
      }
      return changed;
    } catch (error) {
      if (!(error instanceof TransactionCancelledError && error.conditionFailed)) throw error;
      if (attempt >= MAX_ATTEMPTS) {
        throw new GeoChangedMeanwhile();
      }
    }
  }
}
