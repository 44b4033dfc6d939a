import type { AdminPartnerView } from '@shared/contract/partners';
import { adminSetDefaultPartnerTerms, adminSetPartnerTerms } from '@shared/routes/partners';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ok, refused } from '@web/testing/fake-api';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderAdmin, startI18n } from '../test-utils';
import { PartnersPage } from './partners-page';
import { ANNA, answerPartners, BORIS } from './test-fixtures';

beforeAll(async () => {
  await startI18n();
});
afterEach(cleanup);

const open = (url = '/admin/partners') => renderAdmin(<PartnersPage />, { url });

/** A partner's row of the table (their email is in the waiting payouts too). */
async function partnerRow(email: string) {
  const table = within(await screen.findByRole('table', { name: 'Partners and their terms' }));
  return (await table.findByText(email)).closest('tr') as HTMLTableRowElement;
}

/** The terms dialog of a partner, opened from their row. */
async function editTerms(email: string) {
  fireEvent.click(
    within(await partnerRow(email)).getByRole('button', { name: `Edit the terms of ${email}` }),
  );
  return within(await screen.findByRole('dialog'));
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

/** The error text a field is described by, if any. */
function errorOf(field: HTMLElement): string | null | undefined {
  const id = field
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((part) => part.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : null;
}

describe('the partners table', () => {
  it("shows each partner's terms by direction name, their monitors and balance", async () => {
    answerPartners();
    open();

    const anna = within(await partnerRow('anna@example.test'));
    expect(anna.getByText('30% of profit, 0.5% of volume')).toBeTruthy();
    expect(anna.getByText('Card RUB → USDT (TRC-20): 40% of profit, 0% of volume')).toBeTruthy();
    expect(anna.getByText('available 4.50 USDT')).toBeTruthy();
    expect(anna.getByText('requested 20.50 USDT')).toBeTruthy();
    const boris = within(await partnerRow('boris@example.test'));
    expect(boris.getByText('Default terms')).toBeTruthy();
    expect(boris.getByText('bestchange.ru')).toBeTruthy();
  });
});

describe("a partner's terms", () => {
  it('are saved as typed: all directions, some directions and the monitors', async () => {
    const saved: AdminPartnerView = {
      ...ANNA,
      terms: { profitPercent: 35.5, volumePercent: 0.5 },
      monitorHosts: ['bestchange.ru', 'kurs.expert'],
    };
    const api = answerPartners().answer(adminSetPartnerTerms, ok(saved));
    open();
    const dialog = await editTerms('anna@example.test');

    type(dialog.getByLabelText('Share of profit, %', { selector: '.partner-terms-all input' }), '35,5');
    const rub = within(dialog.getByRole('group', { name: 'Card RUB → USDT (TRC-20)' }));
    type(rub.getByLabelText('Share of volume, %'), '0.25');
    fireEvent.click(dialog.getByRole('button', { name: 'Add a direction' }));
    const added = within(dialog.getByRole('group', { name: 'New direction' }));
    type(added.getByLabelText('Direction'), 'cash-USD→usdt-trc20');
    type(added.getByLabelText('Share of profit, %'), '50');
    type(added.getByLabelText('Share of volume, %'), '1');
    type(dialog.getByLabelText("Monitors' sites, one a line"), ' BestChange.ru\n\nkurs.expert ');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requests(adminSetPartnerTerms)).toEqual([
      expect.objectContaining({
        params: { id: 'u-anna' },
        body: {
          terms: { profitPercent: 35.5, volumePercent: 0.5 },
          directionTerms: [
            { direction: 'card-RUB→usdt-trc20', profitPercent: 40, volumePercent: 0.25 },
            { direction: 'cash-USD→usdt-trc20', profitPercent: 50, volumePercent: 1 },
          ],
          monitorHosts: ['bestchange.ru', 'kurs.expert'],
        },
      }),
    ]);
    const anna = within(await partnerRow('anna@example.test'));
    expect(anna.getByText('35.5% of profit, 0.5% of volume')).toBeTruthy();
    expect(anna.getByText('bestchange.ru, kurs.expert')).toBeTruthy();
  });

  it('go back to the defaults, a direction removed', async () => {
    const api = answerPartners().answer(
      adminSetPartnerTerms,
      ok({ ...ANNA, terms: null, directionTerms: [] }),
    );
    open();
    const dialog = await editTerms('anna@example.test');

    fireEvent.click(dialog.getByLabelText('The default terms'));
    fireEvent.click(dialog.getByRole('button', { name: 'Remove Card RUB → USDT (TRC-20)' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requests(adminSetPartnerTerms).map((request) => request.body)).toEqual([
      { terms: null, directionTerms: [], monitorHosts: [] },
    ]);
  });

  it('are refused at their field as the server would refuse them, without asking it', async () => {
    const api = answerPartners();
    open();
    const dialog = await editTerms('anna@example.test');
    const allVolume = dialog.getByLabelText('Share of volume, %', { selector: '.partner-terms-all input' });
    const hosts = dialog.getByLabelText("Monitors' sites, one a line");

    type(allVolume, '12');
    fireEvent.click(dialog.getByRole('button', { name: 'Add a direction' }));
    type(hosts, 'bestchange.ru\nnot a host');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(errorOf(allVolume)).toBe('A percentage from 0 to 10, with at most 4 decimals.'),
    );
    const added = within(dialog.getByRole('group', { name: 'New direction' }));
    expect(errorOf(added.getByLabelText('Direction'))).toBe('Choose a direction');
    expect(errorOf(added.getByLabelText('Share of profit, %'))).toBe(
      'A percentage from 0 to 100, with at most 4 decimals.',
    );
    expect(errorOf(hosts)).toBe(
      "not a host: A monitor's site as its address names it, such as bestchange.ru.",
    );
    expect(api.requests(adminSetPartnerTerms)).toEqual([]);
  });

  it("show the server's refusal above the form", async () => {
    answerPartners().answer(
      adminSetPartnerTerms,
      refused(409, 'Another partner already is the monitor bestchange.ru.', {
        code: 'MonitorHostTaken',
        params: { host: 'bestchange.ru' },
      }),
    );
    open();
    const dialog = await editTerms('anna@example.test');

    type(dialog.getByLabelText("Monitors' sites, one a line"), 'bestchange.ru');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect((await dialog.findByRole('alert')).textContent).toBe(
      'Another partner already is the monitor bestchange.ru.',
    );
  });

  it('are given to a client who is not a partner yet, opened by their id', async () => {
    const created: AdminPartnerView = {
      ...BORIS,
      userId: 'u-new',
      email: 'new@example.test',
      code: 'NEW777',
      terms: { profitPercent: 25, volumePercent: 0 },
      monitorHosts: [],
    };
    const api = answerPartners().answer(adminSetPartnerTerms, ok(created));
    open();

    type(await screen.findByLabelText("Client's user id"), ' u-new ');
    fireEvent.click(screen.getByRole('button', { name: 'Open terms' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Terms of u-new' }));
    fireEvent.click(dialog.getByLabelText('The default terms'));
    type(dialog.getByLabelText('Share of profit, %'), '25');
    type(dialog.getByLabelText('Share of volume, %'), '0');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await partnerRow('new@example.test')).toBeTruthy();
    expect(api.requests(adminSetPartnerTerms)).toEqual([
      expect.objectContaining({
        params: { id: 'u-new' },
        body: { terms: { profitPercent: 25, volumePercent: 0 }, directionTerms: [], monitorHosts: [] },
      }),
    ]);
  });

  it("open from a link that names the client (the user's card in User management)", async () => {
    answerPartners();
    open('/admin/partners?user=u-boris');

    const dialog = within(await screen.findByRole('dialog', { name: 'Terms of boris@example.test' }));
    expect((dialog.getByLabelText('The default terms') as HTMLInputElement).checked).toBe(true);
    expect((dialog.getByLabelText("Monitors' sites, one a line") as HTMLTextAreaElement).value).toBe(
      'bestchange.ru',
    );
  });
});

describe('the default terms', () => {
  it("show the settings' terms for all directions and save those of some directions", async () => {
    const api = answerPartners().answer(
      adminSetDefaultPartnerTerms,
      ok({
        all: { profitPercent: 20, volumePercent: 0 },
        directions: [{ direction: 'usdt-trc20→cash-EUR', profitPercent: 10, volumePercent: 0.1 }],
      }),
    );
    open();
    const section = within(await screen.findByRole('region', { name: 'Default terms' }));
    expect(
      section.getByText(/All directions: 20% of profit, 0% of volume \(system settings\)\./),
    ).toBeTruthy();
    expect(section.getByRole('link', { name: 'Change them in System settings' }).getAttribute('href')).toBe(
      '/admin/system-settings',
    );

    fireEvent.click(section.getByRole('button', { name: 'Add a direction' }));
    const added = within(section.getByRole('group', { name: 'New direction' }));
    type(added.getByLabelText('Direction'), 'usdt-trc20→cash-EUR');
    type(added.getByLabelText('Share of profit, %'), '10');
    type(added.getByLabelText('Share of volume, %'), '0,1');
    fireEvent.click(section.getByRole('button', { name: 'Save default terms' }));

    await waitFor(() => expect(api.requests(adminSetDefaultPartnerTerms)).toHaveLength(1));
    expect(api.requests(adminSetDefaultPartnerTerms)[0]!.body).toEqual({
      directionTerms: [{ direction: 'usdt-trc20→cash-EUR', profitPercent: 10, volumePercent: 0.1 }],
    });
  });
});
