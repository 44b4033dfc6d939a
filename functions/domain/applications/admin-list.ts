import {
  type ApplicationRecord,
  applicationPartitions,
  findApplication,
  toApplicationRecord,
} from '@functions/data/applications';
import { readApplicationStatusCounts, readUserApplicationStats } from '@functions/data/counters';
import { listGeoNodes } from '@functions/data/geo';
import { type ListPartition, readItems, readPage, readRange } from '@functions/data/query-window';
import { findUserSummaries, type UserSummary } from '@functions/data/user-summaries';
import type {
  AdminApplicationView,
  AdminSearchMatch,
  ListAdminApplicationsQuery,
} from '@shared/contract/applications';
import { APPLICATION_STATUSES, type ApplicationStatus } from '@shared/enums';
import { compare, decimal } from '@shared/money';
import { totalPages } from '@shared/paging';
import { dealInScope, narrowsDeals, type StaffScope } from '@shared/staff-scope';
import { peopleOf, toAdminApplicationView } from './views';

/**
 * Sorting by amount, free-text search and user+status filters have no index of their own: they
 * read the newest WINDOW applications of the narrowest indexed partition and work in memory
 * (docs/decisions.md). Everything else is an index Query of one page (plus a bounded walk).
 */
export const ADMIN_LIST_WINDOW = 500;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AdminApplicationsPage {
  items: AdminApplicationView[];
  total: number;
  totalPages: number;
  nextCursor: string | null;
  window: number | null;
  matched: AdminSearchMatch | null;
}

interface Base {
  partition: ListPartition;
  total: number;
  keep: (record: ApplicationRecord) => boolean;
  exact: boolean;
}

async function basePartition(query: ListAdminApplicationsQuery): Promise<Base> {
  const all = () => true;
  if (query.userId) {
    const stats = await readUserApplicationStats(query.userId);
    if (query.status) {
      const status = query.status;
      return {
        partition: applicationPartitions.ofUser(query.userId),
        total: stats[status] ?? 0,
        keep: (record) => record.status === status,
        exact: false,
      };
    }
    return {
      partition: applicationPartitions.ofUser(query.userId),
      total: stats.total ?? 0,
      keep: all,
      exact: true,
    };
  }
  const counts = await readApplicationStatusCounts();
  if (query.status) {
    return {
      partition: applicationPartitions.ofStatus(query.status),
      total: counts[query.status] ?? 0,
      keep: all,
      exact: true,
    };
  }
  return { partition: applicationPartitions.all(), total: counts.total ?? 0, keep: all, exact: true };
}

/** A name for comparison: no accents (ё is е, é is e), lower case, words split by single spaces. */
function normalizedName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const ID_PREFIX = /^[0-9a-f-]{8,}$/i;
const CURRENCY_CODE = /^[a-z]{3,5}$/i;
/** The codes a search may name: ISO 4217's (the runtime's list) and the tokens of the crypto assets. */
const KNOWN_CURRENCIES = new Set([...Intl.supportedValuesOf('currency'), 'USDT', 'TRC20']);
/** An email or a Telegram handle, or the start of one: no spaces, at most one @ inside. */
const CONTACT = /^@?[\p{L}\p{N}._+-]+(@[\p{L}\p{N}._-]*)?$/u;
/** An amount as staff type it: digits with spaces or thin spaces between groups, a point or a comma. */
const AMOUNT = /^\d[\d\s\u00a0\u202f]*([.,]\d+)?$/;

/**
 * What the search text can mean (docs/decisions.md): an id prefix of 8+ characters, a currency code
 * matched as a whole token of the given or received asset (`EUR`, `usdt`; only a known code, so a
 * name such as "ivan" is not one), the places (continent, country or city) whose Russian, English or
 * default name is the text or holds it as whole words, case- and accent-insensitive, an email or
 * Telegram handle (the owner's email or the application's Telegram contact, the whole of it or its
 * start, `@` optional for Telegram), and an amount (given or received, equal as a decimal: "1 000,5"
 * is 1000.5). The geo tree is one Query of about 150 items (access pattern 4).
 */
async function readSearch(search: string): Promise<AdminSearchMatch> {
  const text = search.trim();
  const needle = normalizedName(text);
  const places = needle
    ? (await listGeoNodes())
        .filter((node) =>
          [node.names.ru, node.names.en, node.defaultName].some((name) =>
            ` ${normalizedName(name)} `.includes(` ${needle} `),
          ),
        )
        .map((node) => node.key)
    : [];
  const amount = AMOUNT.test(text) ? decimalText(text) : null;
  return {
    idPrefix: ID_PREFIX.test(text) ? text.toLowerCase() : null,
    currency:
      CURRENCY_CODE.test(text) && KNOWN_CURRENCIES.has(text.toUpperCase()) ? text.toUpperCase() : null,
    places,
    contact: amount === null && CONTACT.test(text) ? text.toLowerCase() : null,
    amount,
  };
}

/** "1 000,50" as "1000.50" (the decimal the search compares amounts with). */
function decimalText(text: string): string | null {
  const plain = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  try {
    decimal(plain);
    return plain;
  } catch {
    return null;
  }
}

/** A Telegram handle without its @, lower case. */
const handle = (value: string) => value.trim().replace(/^@/, '').toLowerCase();

function matchesContact(record: ApplicationRecord, contact: string, owner: UserSummary | undefined): boolean {
  if (owner?.email.toLowerCase().startsWith(contact)) return true;
  const wanted = handle(contact);
  return wanted !== '' && !wanted.includes('@') && handle(record.contactTelegram ?? '').startsWith(wanted);
}

function matchesSearch(
  record: ApplicationRecord,
  match: AdminSearchMatch,
  owners: Map<string, UserSummary>,
): boolean {
  if (match.idPrefix && record.id.toLowerCase().startsWith(match.idPrefix)) return true;
  if (match.currency) {
    const tokens = [record.assetFrom, record.assetTo].flatMap(
      (asset) => asset?.toUpperCase().split('-') ?? [],
    );
    if (tokens.includes(match.currency)) return true;
  }
  if (match.contact && matchesContact(record, match.contact, owners.get(record.userId))) return true;
  if (match.amount) {
    const wanted = match.amount;
    if (
      [record.amountFrom, record.amountTo].some((value) => value !== null && compare(value, wanted) === 0)
    ) {
      return true;
    }
  }
  return [record.continent, record.country, record.city].some(
    (key) => key !== null && key !== undefined && match.places.includes(key),
  );
}

function comparator(sortBy: ListAdminApplicationsQuery['sortBy'], ascending: boolean) {
  const sign = ascending ? 1 : -1;
  const byCreated = (a: ApplicationRecord, b: ApplicationRecord) =>
    sign * `${a.createdAt}#${a.id}`.localeCompare(`${b.createdAt}#${b.id}`);
  if (sortBy === 'amountFrom') {
    return (a: ApplicationRecord, b: ApplicationRecord) =>
      sign * compare(a.amountFrom ?? -1, b.amountFrom ?? -1) || byCreated(a, b);
  }
  if (sortBy === 'status') {
    return (a: ApplicationRecord, b: ApplicationRecord) =>
      sign * a.status.localeCompare(b.status) || -`${a.createdAt}`.localeCompare(`${b.createdAt}`);
  }
  return byCreated;
}

/** Sort by status without a status filter: the status partitions in order, counts locate the page. */
async function readByStatus(
  query: ListAdminApplicationsQuery,
): Promise<{ records: ApplicationRecord[]; total: number }> {
  const counts = await readApplicationStatusCounts();
  const statuses = [...APPLICATION_STATUSES].sort() as ApplicationStatus[];
  if (query.sortOrder === 'desc') statuses.reverse();
  const offset = (query.page - 1) * query.limit;
  const records: ApplicationRecord[] = [];
  let before = 0;
  for (const status of statuses) {
    const count = Math.max(0, counts[status] ?? 0);
    const start = Math.max(offset, before);
    const end = Math.min(offset + query.limit, before + count);
    if (start < end) {
      const items = await readRange(applicationPartitions.ofStatus(status), {
        forward: false,
        offset: start - before,
        count: end - start,
        total: count,
      });
      records.push(...items.map(toApplicationRecord));
    }
    before += count;
  }
  return { records, total: Math.max(0, counts.total ?? 0) };
}

async function withPeople(records: ApplicationRecord[]): Promise<AdminApplicationView[]> {
  const users = await findUserSummaries(peopleOf(records));
  return records.map((record) => toAdminApplicationView(record, users));
}

/**
 * GET /admin/applications, the staff's list: filters, sort, search and page over indexes and
 * counters. A MANAGER whose scope names cities or directions sees only those deals: no index holds
 * them, so their list is always the window's, filtered (docs/decisions.md); `scope` null (ADMIN and
 * above, a MANAGER nobody narrowed) sees every deal.
 */
export async function listAdminApplications(
  query: ListAdminApplicationsQuery,
  scope: StaffScope | null = null,
): Promise<AdminApplicationsPage> {
  const ascending = query.sortOrder === 'asc';
  const page = (
    records: ApplicationRecord[],
    total: number,
    nextCursor: string | null,
    window: number | null,
    matched: AdminSearchMatch | null = null,
  ) =>
    withPeople(records).then((items) => ({
      items,
      total,
      totalPages: totalPages(total, query.limit),
      nextCursor,
      window,
      matched,
    }));

  if (query.search && UUID.test(query.search)) {
    const found = await findApplication(query.search.toLowerCase());
    const hit =
      found &&
      (!query.status || found.status === query.status) &&
      (!query.userId || found.userId === query.userId) &&
      dealInScope(scope, found);
    return page(hit ? [found] : [], hit ? 1 : 0, null, null, {
      idPrefix: query.search.toLowerCase(),
      currency: null,
      places: [],
      contact: null,
      amount: null,
    });
  }
  const base = await basePartition(query);
  const windowed =
    narrowsDeals(scope) ||
    Boolean(query.search) ||
    query.sortBy === 'amountFrom' ||
    !base.exact ||
    (query.sortBy === 'status' && Boolean(query.userId) && !query.status);
  if (windowed) {
    const [{ items }, match] = await Promise.all([
      readItems(base.partition, { forward: false, count: ADMIN_LIST_WINDOW }),
      query.search ? readSearch(query.search) : null,
    ]);
    const records = items.map(toApplicationRecord);
    // An email is the owner's: the window's owners, one BatchGetItem per 100 (access pattern 16).
    const owners = match?.contact
      ? await findUserSummaries(records.map((record) => record.userId))
      : new Map<string, UserSummary>();
    const matching = records
      .filter(
        (record) =>
          base.keep(record) && dealInScope(scope, record) && (!match || matchesSearch(record, match, owners)),
      )
      .sort(comparator(query.sortBy, ascending));
    const offset = (query.page - 1) * query.limit;
    return page(
      matching.slice(offset, offset + query.limit),
      matching.length,
      null,
      ADMIN_LIST_WINDOW,
      match,
    );
  }
  if (query.sortBy === 'status' && !query.status && !query.userId) {
    const { records, total } = await readByStatus(query);
    return page(records, total, null, null);
  }
  const result = await readPage(base.partition, {
    forward: ascending,
    page: query.page,
    limit: query.limit,
    total: Math.max(0, base.total),
    cursor: query.cursor,
  });
  return page(result.items.map(toApplicationRecord), Math.max(0, base.total), result.nextCursor, null);
}
