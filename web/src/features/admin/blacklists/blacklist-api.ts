import type { BlacklistKind } from '@shared/blacklist';
import type { BlacklistEntryBody } from '@shared/contract/blacklist';
import {
  adminAddBlacklistEntry,
  adminListBlacklist,
  adminRemoveBlacklistEntry,
} from '@shared/routes/blacklist';
import { call } from '@web/lib/api-client';

/** The blacklists page's calls (docs/product.md "Blacklists"): one kind's page, an entry added, one removed. */
export const blacklistApi = {
  list: async (query: { kind: BlacklistKind; cursor?: string }, signal?: AbortSignal) =>
    (await call(adminListBlacklist, { query, signal })).data,
  add: async (body: BlacklistEntryBody) => (await call(adminAddBlacklistEntry, { body })).data,
  remove: (kind: BlacklistKind, value: string, reason: string) =>
    call(adminRemoveBlacklistEntry, { params: { kind, value }, body: { reason } }),
};
