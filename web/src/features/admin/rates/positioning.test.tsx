import type { Position } from '@shared/contract/positioning';
import type { RatesData } from '@shared/contract/rates';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { testAdminDirection } from '@web/testing/fixtures';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminApi } from '../api/admin-api';
import { renderAdmin, startI18n } from '../test-utils';
import { RatesPage } from './rates-page';

const positioning = { unit: 'USDT', place: 3, floor: '94', ceiling: '98', step: '0.01' };
const held: Position = {
  checkedAt: '2026-11-30T11:05:00.000Z',
  problem: null,
  detail: null,
  figure: '96',
  place: 2,
  wanted: '95.51',
  heldBy: 'floor',
  competitors: 4,
  above: [{ exchanger: 'Обменник Альфа', figure: '96.2' }],
  below: [
    { exchanger: 'Beta', figure: '95.9' },
    { exchanger: 'Gamma', figure: '95.5' },
  ],
  previousFigure: '95.51',
  movedAt: '2026-11-30T11:04:00.000Z',
};

const ratesWith = (directions: RatesData['directions']): RatesData => ({
  updatedAt: '2026-11-30T10:00:00.000Z',
  currencies: [],
  directions,
  reserves: [],
});

describe("a direction's place on BestChange on the rates page", () => {
  beforeAll(startI18n);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the place it takes, the bound that held it, what the job did and the exchangers around it', async () => {
    vi.spyOn(adminApi, 'rates').mockResolvedValue(
      ratesWith([
        testAdminDirection('usdt-trc20', 'card-RUB', {
          rate: 96,
          positioning,
          position: held,
          positioned: true,
        }),
      ]),
    );
    renderAdmin(<RatesPage />);

    expect(await screen.findByText('BestChange: place 3, between 1 USDT = 94 and 98 RUB')).toBeTruthy();
    expect(screen.getByText(/Now place 2 of 5 · at the floor: place 3 needs 95\.51/)).toBeTruthy();
    expect(screen.getByText(/Moved from 95\.51 to 96 at .*\. Read at /)).toBeTruthy();
    expect(screen.getByText('The place on BestChange sets the rate; without it:')).toBeTruthy();
    const around = screen.getByRole('list');
    expect(
      within(around)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Обменник Альфа 96.2', 'This exchange 96', 'Beta 95.9', 'Gamma 95.5']);
    expect(
      within(around)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('value')),
    ).toEqual(['1', '2', '3', '4']);
  });

  it('says why the rate follows its source: the archive not read, no such line, an old reading, none yet', async () => {
    vi.spyOn(adminApi, 'rates').mockResolvedValue(
      ratesWith([
        testAdminDirection('usdt-trc20', 'card-RUB', {
          rate: 90.5,
          positioning,
          position: {
            ...held,
            problem: 'archive',
            detail: "BestChange's rates archive: answered 502",
            figure: null,
            place: null,
          },
          positioned: false,
        }),
        testAdminDirection('card-RUB', 'usdt-trc20', {
          rate: 0.0105,
          monitorCode: 'SBERRUB',
          positioning,
          position: { ...held, problem: 'unlisted', figure: null, place: null },
          positioned: false,
        }),
        testAdminDirection('usdt-trc20', 'card-EUR', {
          rate: 0.92,
          positioning: { ...positioning, unit: 'EUR', floor: '1.05', ceiling: '1.2' },
          position: held,
          positioned: false,
        }),
        testAdminDirection('usdt-trc20', 'card-KZT', { rate: 480, positioning, position: null }),
      ]),
    );
    renderAdmin(<RatesPage />);

    expect(
      await screen.findByText(
        /rates not read at .* \(BestChange's rates archive: answered 502\): the rate follows its source\./,
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('BestChange lists no exchanger for SBERRUB → USDTTRC20: the rate follows its source.'),
    ).toBeTruthy();
    expect(
      screen.getByText(/Last read at .*, over 10 minutes ago: the rate follows its source\./),
    ).toBeTruthy();
    expect(screen.getByText("Waiting for the rates job's first reading of BestChange.")).toBeTruthy();
  });

  it('checks a place in the edit form, then sends it with its unit and the figures as typed', async () => {
    const rates = ratesWith([testAdminDirection('usdt-trc20', 'card-RUB', { rate: 93.8875 })]);
    vi.spyOn(adminApi, 'rates').mockResolvedValue(rates);
    const save = vi
      .spyOn(adminApi, 'saveRates')
      .mockResolvedValue({ success: true, data: { changed: 1, rates } } as never);
    renderAdmin(<RatesPage />);

    fireEvent.click(await screen.findByRole('button', { name: 'Edit USDT → Card RUB' }));
    const form = screen.getByRole('group', { name: 'Edit USDT → Card RUB' });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Hold a place' }));
    fireEvent.change(within(form).getByLabelText('Target place'), { target: { value: '0' } });
    fireEvent.change(within(form).getByLabelText('Floor: 1 USDT ='), { target: { value: '96,5' } });
    fireEvent.change(within(form).getByLabelText('Ceiling: 1 USDT ='), { target: { value: '95' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('A whole place from 1 to 50.')).toBeTruthy();
    expect(within(form).getByText('Max must not be below min.')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByLabelText('Target place'), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText('Ceiling: 1 USDT ='), { target: { value: '98' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0].directions![0]).toMatchObject({
      positioning: { unit: 'USDT', place: 2, floor: '96.5', ceiling: '98', step: '0.01' },
    });
  });

  it('switches a place off with null, and offers none on a cash direction', async () => {
    const rates = ratesWith([
      testAdminDirection('usdt-trc20', 'card-RUB', {
        rate: 96,
        positioning,
        position: held,
        positioned: true,
      }),
      testAdminDirection('usdt-trc20', 'cash-RUB', { rate: 95 }),
    ]);
    vi.spyOn(adminApi, 'rates').mockResolvedValue(rates);
    const save = vi
      .spyOn(adminApi, 'saveRates')
      .mockResolvedValue({ success: true, data: { changed: 1, rates } } as never);
    renderAdmin(<RatesPage />);

    fireEvent.click(await screen.findByRole('button', { name: 'Edit USDT → Cash RUB' }));
    const cash = screen.getByRole('group', { name: 'Edit USDT → Cash RUB' });
    expect(within(cash).queryByRole('checkbox', { name: 'Hold a place' })).toBeNull();
    fireEvent.click(within(cash).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('button', { name: 'Edit USDT → Card RUB' }));
    const form = screen.getByRole('group', { name: 'Edit USDT → Card RUB' });
    const hold = within(form).getByRole('checkbox', { name: 'Hold a place' });
    expect(hold).toHaveProperty('checked', true);
    expect(within(form).getByLabelText('Floor: 1 USDT =')).toHaveProperty('value', '94');
    fireEvent.click(hold);
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0].directions![0]).toMatchObject({ positioning: null });
  });
});
