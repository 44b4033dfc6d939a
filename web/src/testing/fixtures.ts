import type { OwnUser, PublicUser } from '@shared/contract/users';
import type { GeoCity, GeoContinent, GeoCountry } from '@shared/geo';
import { AROUND_THE_CLOCK, type ScheduleView } from '@shared/working-hours';
import { vi } from 'vitest';

/** A complete user as the API returns one; `changes` set the fields a test is about. */
export function testUser(changes: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 'u1',
    email: 'anna@example.com',
    username: 'anna',
    telegramId: null,
    language: 'ru',
    role: 'USER',
    isActive: true,
    photo_url: null,
    referralCode: 'ANNA1',
    emailVerified: true,
    referralCount: 0,
    applicationCount: 0,
    adminComment: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    mfaEnabled: false,
    ...changes,
  };
}

/** The same user as they see themselves (login, /auth/me): no staff-only fields. */
export function testOwnUser(changes: Partial<OwnUser> = {}): OwnUser {
  const { adminComment: _staffOnly, ...own } = testUser();
  return { ...own, mfaSetupRequired: false, ...changes };
}

/** Every fetch of the test answers `body` as JSON with `status`; the mock tells which calls were made. */
export function answerFetchWith(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * A city of the geo tree as the API returns one: open around the clock unless `hours` says
 * otherwise (docs/product.md §4 "Working hours").
 */
export function testCity(
  key: string,
  name: string,
  changes: Partial<Omit<GeoCity, 'hours'>> & { hours?: Partial<ScheduleView> } = {},
): GeoCity {
  const { hours, ...rest } = changes;
  return {
    key,
    defaultName: name,
    names: { ru: name, en: name },
    isActive: true,
    code: null,
    ...rest,
    hours: {
      timeZone: 'UTC',
      week: AROUND_THE_CLOCK,
      openNow: true,
      opensAt: null,
      closesAt: null,
      ...hours,
    },
  };
}

/** A country of the geo tree with its local currency and cities; `changes` e.g. its Russian name. */
export function testCountry(
  key: string,
  name: string,
  localCurrency: string,
  cities: GeoCity[],
  changes: Partial<GeoCountry> = {},
): GeoCountry {
  return {
    key,
    defaultName: name,
    names: { ru: name, en: name },
    isActive: true,
    localCurrency,
    cities,
    ...changes,
  };
}

/** A continent of the geo tree with its countries. */
export function testContinent(key: string, name: string, countries: GeoCountry[]): GeoContinent {
  return { key, defaultName: name, names: { ru: name, en: name }, isActive: true, countries };
}
