import { auditPut } from '@functions/data/audit';
import {
  type BlacklistRecord,
  blacklistDelete,
  blacklistPut,
  findBlacklistEntries,
  listBlacklist as readBlacklist,
} from '@functions/data/blacklist';
import { Transaction, TransactionCancelledError } from '@functions/data/transactions';
import type { RecordedActor } from '@functions/domain/accounts/principal';
import { type BlacklistKind, normalizeBlacklistValue } from '@shared/blacklist';
import type {
  BlacklistEntryBody,
  BlacklistEntryView,
  BlacklistPage,
  BlacklistQuery,
} from '@shared/contract/blacklist';
import { namesOf } from '../staff-users/names';
import { BlacklistEntryExists, BlacklistEntryNotFound } from './errors';

/**
 * The operator's blacklists as staff keep them (docs/product.md "Blacklists", docs/architecture.md
 * §4 pattern 51): a MANAGER reads them, an ADMIN adds and removes entries. Each write and its audit
 * entry (`blacklist.add`, `blacklist.remove`, target `blacklist` / `{kind}:{value}`) are one
 * transaction, so the entry's trail holds its listing, every match (matches.ts) and its removal.
 */

/** The audit target of an entry: its kind and stored value, so its trail outlives a removal. */
export function blacklistTargetId(kind: BlacklistKind, value: string): string {
  return `${kind}:${value}`;
}

function entryFields(record: BlacklistRecord) {
  return { kind: record.kind, value: record.value, reason: record.reason };
}

/** GET /admin/blacklist: one kind's entries, newest first, with their authors' names. */
export async function listBlacklist(query: BlacklistQuery): Promise<BlacklistPage> {
  const page = await readBlacklist(query.kind, { limit: query.limit, cursor: query.cursor });
  const nameOf = await namesOf(page.items.map((item) => item.createdById));
  return {
    items: page.items.map(
      (record): BlacklistEntryView => ({
        kind: record.kind,
        value: record.value,
        reason: record.reason,
        createdAt: record.createdAt,
        createdBy: { id: record.createdById, name: nameOf(record.createdById) ?? record.createdById },
      }),
    ),
    nextCursor: page.nextCursor,
  };
}

/** POST /admin/blacklist: the value written the one way, listed once (a second listing is 409). */
export async function addBlacklistEntry(
  body: BlacklistEntryBody,
  actor: RecordedActor,
  now = new Date(),
): Promise<BlacklistEntryView> {
  const record: BlacklistRecord = {
    kind: body.kind,
    value: normalizeBlacklistValue(body.kind, body.value, body.kind === 'card' ? body.holder : undefined),
    reason: body.reason,
    createdAt: now.toISOString(),
    createdById: actor.id,
  };
  try {
    await new Transaction()
      .add('entry', blacklistPut(record))
      .add(
        'audit',
        auditPut({
          actorId: actor.id,
          actorRole: actor.role,
          action: 'blacklist.add',
          targetType: 'blacklist',
          targetId: blacklistTargetId(record.kind, record.value),
          before: null,
          after: entryFields(record),
          at: now,
        }),
      )
      .run();
  } catch (error) {
    if (error instanceof TransactionCancelledError && error.failedOn('entry'))
      throw new BlacklistEntryExists();
    throw error;
  }
  const nameOf = await namesOf([actor.id]);
  return {
    kind: record.kind,
    value: record.value,
    reason: record.reason,
    createdAt: record.createdAt,
    createdBy: { id: actor.id, name: nameOf(actor.id) ?? actor.id },
  };
}

/** DELETE /admin/blacklist/{kind}/{value}: the entry goes; the audit entry keeps it and why it went. */
export async function removeBlacklistEntry(
  kind: BlacklistKind,
  value: string,
  reason: string,
  actor: RecordedActor,
  now = new Date(),
): Promise<void> {
  const stored = normalizeBlacklistValue(kind, value);
  const [current] = await findBlacklistEntries([{ kind, value: stored }]);
  if (!current) throw new BlacklistEntryNotFound();
  try {
    await new Transaction()
      .add('entry', blacklistDelete(kind, stored))
      .add(
        'audit',
        auditPut({
          actorId: actor.id,
          actorRole: actor.role,
          action: 'blacklist.remove',
          targetType: 'blacklist',
          targetId: blacklistTargetId(kind, stored),
          before: entryFields(current),
          after: { removalReason: reason },
          at: now,
        }),
      )
      .run();
  } catch (error) {
    if (error instanceof TransactionCancelledError && error.failedOn('entry'))
      throw new BlacklistEntryNotFound();
    throw error;
  }
}
