import type { ExchangeStatus } from '@shared/contract/hours';
import type { GeoTree } from '@shared/geo';
import { AROUND_THE_CLOCK } from '@shared/working-hours';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@web/lib/api-client';
import { refusalError } from '@web/testing/fake-api';
import { testCity } from '@web/testing/fixtures';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
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
        cities: [
          testCity('europe.germany.berlin', 'Berlin', {
            code: 'BERLIN',
            hours: {
              timeZone: 'Europe/Berlin',
              week: { ...AROUND_THE_CLOCK, sun: null },
              openNow: false,
              // Monday 9 March 2026, 10:00 in Berlin.
              opensAt: '2026-03-09T09:00:00.000Z',
            },
          }),
        ],
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

const STATUS: ExchangeStatus = {
  maintenance: { active: false, message: { ru: '', en: '' } },
  cardHours: {
    timeZone: 'Europe/Moscow',
    week: { ...AROUND_THE_CLOCK, sat: null, sun: null },
    openNow: true,
    opensAt: null,
    closesAt: '2026-03-06T21:00:00.000Z',
  },
};

describe('GeoPage', () => {
  beforeAll(startI18n);
  beforeEach(() => {
    vi.spyOn(adminApi, 'exchangeStatus').mockResolvedValue(STATUS);
  });
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

  it('switches the selected places at once, or keeps only them once asked, and reads the tree again', async () => {
    // France's two cities are on: "only these" (Germany, Berlin) switches them off.
    const france = {
      key: 'europe.france',
      defaultName: 'France',
      names: names('France'),
      isActive: true,
      localCurrency: 'EUR',
      cities: [testCity('europe.france.paris', 'Paris'), testCity('europe.france.lyon', 'Lyon')],
    };
    const tree: GeoTree = [{ ...TREE[0]!, countries: [...TREE[0]!.countries, france] }];
    const geo = vi.spyOn(adminApi, 'geo').mockResolvedValue(tree);
    const switchGeo = vi.spyOn(adminApi, 'switchGeo').mockResolvedValue({ success: true } as never);
    await openGermany();
    expect(screen.queryByRole('toolbar', { name: 'Selected places' })).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Germany' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Berlin' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Selected places' });
    expect(within(toolbar).getByText('Selected: 2')).toBeTruthy();
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Only these' }));

    const dialog = screen.getByRole('dialog', { name: 'Keep only the selected places?' });
    expect(
      within(dialog).getByText(
        '2 cities that are on now will be switched off; only the 2 selected places stay on.',
      ),
    ).toBeTruthy();
    expect(switchGeo).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Switch the others off' }));

    await waitFor(() =>
      expect(switchGeo).toHaveBeenCalledWith(['europe.germany', 'europe.germany.berlin'], true, true),
    );
    await waitFor(() => expect(geo).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('toolbar', { name: 'Selected places' })).toBeNull();
  });

  describe('working hours', () => {
    it("shows each city's code and whether it is open, in the city's time", async () => {
      vi.spyOn(adminApi, 'geo').mockResolvedValue(TREE);
      await openGermany();
      expect(screen.getByText('BERLIN · closed now, opens Mon 10:00')).toBeTruthy();
    });

    /** A field of one weekday's row (the rows are groups named by the day). */
    const dayField = (day: string, label: string) =>
      within(screen.getAllByLabelText(day).find((element) => element.tagName === 'FIELDSET')!).getByLabelText(
        label,
      );
    const saveInDialog = () => fireEvent.click(within(screen.getByRole('dialog')).getByText('Save'));

    it('checks a city edit as the server does, then saves it and shows what the server answered', async () => {
      vi.spyOn(adminApi, 'geo').mockResolvedValue(TREE);
      const save = vi.spyOn(adminApi, 'saveCityHours').mockImplementation(async (key, body) => ({
        key,
        code: body.code,
        hours: { ...body, openNow: true, opensAt: null, closesAt: null },
      }));
      await openGermany();
      fireEvent.click(screen.getByLabelText('Hours and code of Berlin'));
      fireEvent.change(dayField('Monday', 'Closes'), { target: { value: '25:00' } });
      fireEvent.change(screen.getByLabelText('Code for rate monitors'), { target: { value: 'ber' } });
      saveInDialog();

      expect(await screen.findByText('Use HH:MM, from 00:00 to 24:00.')).toBeTruthy();
      expect(save).not.toHaveBeenCalled();

      fireEvent.change(dayField('Monday', 'Closes'), { target: { value: '02:00' } });
      fireEvent.change(dayField('Monday', 'Opens'), { target: { value: '20:00' } });
      fireEvent.change(dayField('Sunday', 'Sunday'), { target: { value: 'open' } });
      saveInDialog();

      await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
      expect(save.mock.calls[0]).toEqual([
        'europe.germany.berlin',
        {
          timeZone: 'Europe/Berlin',
          week: {
            ...AROUND_THE_CLOCK,
            mon: { open: '20:00', close: '02:00' },
            sun: { open: '10:00', close: '19:00' },
          },
          code: 'BER',
        },
      ]);
      expect(await screen.findByText('BER · open now, around the clock')).toBeTruthy();
    });

    it("puts the server's field errors under their fields", async () => {
      vi.spyOn(adminApi, 'geo').mockResolvedValue(TREE);
      vi.spyOn(adminApi, 'saveCityHours').mockRejectedValue(
        refusalError(400, 'Validation failed.', {
          code: 'CityCodeTaken',
          errors: [
            {
              path: 'code',
              param: 'code',
              code: 'cityCodeTaken',
              params: { city: 'cis.russia.moscow' },
              msg: 'Another city already has this code (cis.russia.moscow).',
            },
          ],
        }),
      );
      await openGermany();
      fireEvent.click(screen.getByLabelText('Hours and code of Berlin'));
      fireEvent.change(screen.getByLabelText('Code for rate monitors'), { target: { value: 'MSK' } });
      saveInDialog();

      expect(await screen.findByText('Another city already has this code (cis.russia.moscow).')).toBeTruthy();
    });

    it('shows the card hours and switches maintenance on with a message', async () => {
      vi.spyOn(adminApi, 'geo').mockResolvedValue(TREE);
      const save = vi
        .spyOn(adminApi, 'saveMaintenance')
        .mockImplementation(async (body) => ({ success: true, message: '', data: body }));
      renderAdmin(<GeoPage />);
      expect(await screen.findByText('Mon–Fri 24 h, Sat–Sun closed (Europe/Moscow)')).toBeTruthy();
      expect(screen.getByText('open now, until Sat 00:00')).toBeTruthy();

      fireEvent.click(screen.getByRole('switch', { name: 'Maintenance mode' }));
      fireEvent.change(screen.getByLabelText('Message in English'), { target: { value: 'Back at noon' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));

      await waitFor(() =>
        expect(save).toHaveBeenCalledWith({ active: true, message: { ru: '', en: 'Back at noon' } }),
      );
    });
  });
});
