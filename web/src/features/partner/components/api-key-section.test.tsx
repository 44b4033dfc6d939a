import type { PartnerOverview } from '@shared/contract/partners';
import { issuePartnerApiKey, myPartnerOverview } from '@shared/routes/partners';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { fakeApi, ok } from '@web/testing/fake-api';
import { setupTestI18n } from '@web/testing/i18n';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PartnerPage } from './partner-page';

const KEY = 'pk_3fJ9xQ2vLm8RtY6wPz1kNc4bHd7sGa5e';
const ISSUED = { key: KEY, hint: KEY.slice(-6), createdAt: '2026-11-30T09:00:00.000Z' };

function overview(apiKey: PartnerOverview['apiKey']): PartnerOverview {
  return {
    code: 'PARTNER7',
    terms: { all: { profitPercent: 30, volumePercent: 0 }, own: false, directions: [] },
    monitorHosts: [],
    balance: { available: '0', pending: '0', paid: '0', earned: '0' },
    minimumPayout: '10',
    days: [{ day: '2026-11-30', clicks: 0, registrations: 0, deals: 0, earned: '0' }],
    subIds: [],
    payouts: [],
    apiKey,
    timeZone: 'UTC',
  };
}

beforeAll(async () => {
  await setupTestI18n('en');
});
afterEach(cleanup);

const open = () =>
  render(
    <MemoryRouter>
      <PartnerPage />
    </MemoryRouter>,
  );

const apiSection = async () => within(await screen.findByRole('region', { name: 'Partner API' }));

describe('the partner API key', () => {
  it('is shown once when created, with a button that copies it', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const api = fakeApi()
      .answer(myPartnerOverview, ok(overview(null)))
      .answer(issuePartnerApiKey, { ...ok(ISSUED), status: 201 });
    open();
    const section = await apiSection();
    expect(section.getByText('You do not have a key yet.')).toBeTruthy();

    fireEvent.click(section.getByRole('button', { name: 'Create a key' }));

    expect(await section.findByText(KEY)).toBeTruthy();
    expect(section.getByText('Save it now: it is not shown again.')).toBeTruthy();
    expect(section.getByText(`Your key ends in …${ISSUED.hint}`, { exact: false })).toBeTruthy();
    fireEvent.click(section.getByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenCalledWith(KEY);
    expect(api.requests(issuePartnerApiKey)).toHaveLength(1);
  });

  it('is not shown again when the page is opened again: only its last characters are', async () => {
    fakeApi()
      .answer(
        myPartnerOverview,
        ok(overview(null)),
        ok(overview({ hint: ISSUED.hint, createdAt: ISSUED.createdAt })),
      )
      .answer(issuePartnerApiKey, { ...ok(ISSUED), status: 201 });
    const first = open();
    fireEvent.click((await apiSection()).getByRole('button', { name: 'Create a key' }));
    await screen.findByText(KEY);
    first.unmount();

    open();

    const section = await apiSection();
    expect(section.getByText(`Your key ends in …${ISSUED.hint}; issued 30/11/2026, 09:00.`)).toBeTruthy();
    expect(section.queryByText(KEY)).toBeNull();
  });

  it('is replaced only after the partner confirms that the current key stops working', async () => {
    const api = fakeApi()
      .answer(myPartnerOverview, ok(overview({ hint: 'old123', createdAt: '2026-11-01T09:00:00.000Z' })))
      .answer(issuePartnerApiKey, { ...ok(ISSUED), status: 201 });
    open();
    const section = await apiSection();

    fireEvent.click(section.getByRole('button', { name: 'Issue a new key' }));
    const confirm = section.getByRole('group', {
      name: 'The key you have now stops working at once. Issue a new one?',
    });
    expect(api.requests(issuePartnerApiKey)).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(section.queryByRole('group')).toBeNull();
    expect(api.requests(issuePartnerApiKey)).toEqual([]);

    fireEvent.click(section.getByRole('button', { name: 'Issue a new key' }));
    fireEvent.click(section.getByRole('button', { name: 'Yes, issue a new key' }));

    expect(await section.findByText(KEY)).toBeTruthy();
    expect(section.getByText(`Your key ends in …${ISSUED.hint}; issued 30/11/2026, 09:00.`)).toBeTruthy();
    expect(api.requests(issuePartnerApiKey)).toHaveLength(1);
  });
});
