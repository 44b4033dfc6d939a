import type { GeoTree } from '@shared/geo';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { ApiError } from '@web/lib/api-client';
import { testCity } from '@web/testing/fixtures';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminApi } from '../api/admin-api';
import { renderAdmin, startI18n } from '../test-utils';
import { GeoPage } from './geo-page';

const names = (en: string) => ({ ru: en, en });
const TREE: GeoTree = [
  {
    key: 'europe',
    defaultName: 'Europe',
    names: names('Europe'),
    isActive: true,
    countries: [
      {
        key: 'europe.germany',
        defaultName: 'Germany',
        names: names('Germany'),
        isActive: true,
        localCurrency: 'EUR',
        cities: [testCity('europe.germany.berlin', 'Berlin')],
      },
    ],
  },
];

async function openGermany() {
  renderAdmin(<GeoPage />);
  fireEvent.click(await screen.findByRole('button', { name: 'Europe' }));
  fireEvent.click(screen.getByRole('button', { name: 'Germany' }));
}

const checked = (name: string) => screen.getByRole('switch', { name }).getAttribute('aria-checked');

describe('GeoPage', () => {
  beforeAll(startI18n);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('switches the cities of a country off at once', async () => {
    vi.spyOn(adminApi, 'geo').mockResolvedValue(TREE);
    vi.spyOn(adminApi, 'toggleGeo').mockReturnValue(new Promise(() => {}));
    await openGermany();
    fireEvent.click(screen.getByRole('switch', { name: 'Germany available' }));
    expect(checked('Berlin available')).toBe('false');
  });

  it('rolls the switch back with the failure alert when the server refuses', async () => {
    vi.spyOn(adminApi, 'geo').mockResolvedValue(TREE);
    vi.spyOn(adminApi, 'toggleGeo').mockRejectedValue(new ApiError(500, ''));
    await openGermany();
    fireEvent.click(screen.getByRole('switch', { name: 'Germany available' }));
    expect(await screen.findByText('Failed to update status')).toBeTruthy();
    expect(checked('Germany available')).toBe('true');
    expect(checked('Berlin available')).toBe('true');
  });
});
