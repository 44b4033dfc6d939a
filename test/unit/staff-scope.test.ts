import { readFileSync } from 'node:fs';
import path from 'node:path';
import { allRoutes } from '@functions/routes/manifest';
import { directionKey } from '@shared/assets';
import {
  dealInScope,
  FULL_SCOPE,
  mayRefund,
  sameScope,
  scopeOfRole,
  staffScopeSchema,
} from '@shared/staff-scope';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * A MANAGER's narrower rights (shared/staff-scope.ts, docs/operations.md "Staff shifts and rights"): which
 * deals a scope reaches, who is scoped at all, and that every staff route on a deal checks them.
 * test/integration/admin/staff-scope.test.ts proves the server answers by it.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const madridCard = { city: 'europe.spain.madrid', assetFrom: 'card-EUR', assetTo: 'usdt-trc20' };
const almatyCash = { city: 'cis.kazakhstan.almaty', assetFrom: 'cash-KZT', assetTo: 'usdt-trc20' };
const individual = { city: null, assetFrom: null, assetTo: null };

describe('a scope', () => {
  it('reaches only the deals of its cities', () => {
    const scope = { ...FULL_SCOPE, cities: ['europe.spain.madrid'] };
    expect(dealInScope(scope, madridCard)).toBe(true);
    expect(dealInScope(scope, almatyCash)).toBe(false);
    expect(dealInScope(scope, individual)).toBe(false);
  });

  it('reaches only the deals of its directions, named assetFrom→assetTo', () => {
    const scope = { ...FULL_SCOPE, directions: [directionKey('cash-KZT', 'usdt-trc20')] };
    expect(directionKey('cash-KZT', 'usdt-trc20')).toBe('cash-KZT→usdt-trc20');
    expect(dealInScope(scope, almatyCash)).toBe(true);
    expect(dealInScope(scope, madridCard)).toBe(false);
  });

  it('needs both its city and its direction when it names both', () => {
    const scope = { cities: ['europe.spain.madrid'], directions: ['cash-KZT→usdt-trc20'], mayRefund: true };
    expect(dealInScope(scope, madridCard)).toBe(false);
    expect(dealInScope(scope, { ...madridCard, assetFrom: 'cash-KZT' })).toBe(true);
  });

  it('of nobody narrowed reaches every deal, an individual request too', () => {
    expect(dealInScope(null, individual)).toBe(true);
    expect(dealInScope(FULL_SCOPE, individual)).toBe(true);
  });

  it('narrows only a MANAGER: an ADMIN and a SUPER_ADMIN keep every right whatever is stored', () => {
    const stored = { cities: ['europe.spain.madrid'], directions: null, mayRefund: false };
    expect(scopeOfRole('MANAGER', stored)).toEqual(stored);
    expect(scopeOfRole('MANAGER', undefined)).toEqual(FULL_SCOPE);
    expect(scopeOfRole('ADMIN', stored)).toBeNull();
    expect(scopeOfRole('SUPER_ADMIN', stored)).toBeNull();
    expect(mayRefund(scopeOfRole('ADMIN', stored))).toBe(true);
    expect(mayRefund(scopeOfRole('MANAGER', stored))).toBe(false);
  });

  it('is the same whatever the order of its lists', () => {
    const a = { cities: ['b.b.b', 'a.a.a'], directions: null, mayRefund: true };
    expect(sameScope(a, { cities: ['a.a.a', 'b.b.b'], directions: null, mayRefund: true })).toBe(true);
    expect(sameScope(a, { ...a, mayRefund: false })).toBe(false);
    expect(sameScope(a, { ...a, cities: null })).toBe(false);
  });

  it('takes city keys and known directions only, and no empty list (null is all)', () => {
    expect(staffScopeSchema.safeParse({ ...FULL_SCOPE, cities: ['europe.spain.madrid'] }).success).toBe(true);
    expect(staffScopeSchema.safeParse({ ...FULL_SCOPE, cities: ['europe.spain'] }).success).toBe(false);
    expect(staffScopeSchema.safeParse({ ...FULL_SCOPE, cities: [] }).success).toBe(false);
    expect(staffScopeSchema.safeParse({ ...FULL_SCOPE, directions: ['cash-USD→usdt-trc20'] }).success).toBe(
      true,
    );
    expect(staffScopeSchema.safeParse({ ...FULL_SCOPE, directions: ['cash-USD>usdt-trc20'] }).success).toBe(
      false,
    );
  });
});

describe('the staff routes on a deal', () => {
  /** Every staff route that reads or acts on a deal (or a chain transfer paying one), by its path. */
  const dealRoutes = allRoutes.filter(
    ([, route]) =>
      route.access !== 'public' &&
      route.access !== 'user' &&
      (/^\/api\/admin\/applications(\/|$)/.test(route.path) ||
        route.path.startsWith('/api/admin/chain/transfers/') ||
        route.path === '/api/admin/users/{id}/applications'),
  );

  it('are found', () => {
    expect(dealRoutes.length).toBeGreaterThanOrEqual(15);
  });

  it("each pass their caller's rights to the domain (dealActorOf or staffCaller)", () => {
    const unchecked = dealRoutes
      .filter(([, route]) => {
        const source = readFileSync(path.join(ROOT, 'functions', `${route.handler}.ts`), 'utf8');
        return !/\b(dealActorOf|staffCaller)\(principal\)/.test(source);
      })
      .map(([id]) => id);
    expect(unchecked).toEqual([]);
  });
});

describe("the staff group's mention of the staff on shift", () => {
  let texts: typeof import('@functions/domain/telegram/texts');
  beforeAll(async () => {
    // The bot's texts read SITE_URL once at import.
    process.env.SITE_URL ??= 'https://exchange.example';
    texts = await import('@functions/domain/telegram/texts');
  });

  it('names an @username as it is and links a name without one to tg://user?id=', () => {
    const before = '🆕 New application'.length;
    const line = texts.mentionLine(
      'en',
      [
        { name: 'anna', telegramUserId: 11, telegramUsername: 'anna_tg' },
        { name: 'ivan', telegramUserId: 22, telegramUsername: null },
      ],
      before,
    )!;
    expect(line.text).toBe('\nOn shift: @anna_tg, ivan');
    expect(line.entities).toEqual([
      { type: 'text_link', offset: before + line.text.indexOf('ivan'), length: 4, url: 'tg://user?id=22' },
    ]);
  });

  it('is left out when nobody is to be mentioned', () => {
    expect(texts.mentionLine('ru', [], 10)).toBeNull();
  });
});
