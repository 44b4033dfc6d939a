import type { ApplicationView } from '@shared/contract/applications';
import { shortId } from '@shared/ids';
import { cancelMyApplication, listMyApplications } from '@shared/routes/applications';
import { routePath } from '@shared/routes/definition';
import { getGeo } from '@shared/routes/geo';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { geoKeyName } from '@web/lib/geo-names';
import { useToastStore } from '@web/stores/toast-store';
import { fakeApi, ok } from '@web/testing/fake-api';
import { testApplication, testCity, testContinent, testCountry, testCursorPage } from '@web/testing/fixtures';
import { setupTestI18n } from '@web/testing/i18n';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { referralLink, statusDisplay } from '../lib/display';
import { MyApplications } from './my-applications';

const base = testApplication();
const geo = [
  testContinent('europe', 'Europe', [
    testCountry('europe.germany', 'Germany', 'EUR', [testCity('europe.germany.berlin', 'Berlin')]),
  ]),
];

/** The list answers `items` as its one page; a cancel answers the application cancelled. */
function stubApplications(items: ApplicationView[]) {
  return fakeApi()
    .answer(getGeo, ok(geo))
    .answer(listMyApplications, ok(testCursorPage(items)))
    .answer(cancelMyApplication, ok(testApplication({ status: 'CANCELLED' }), 'Application cancelled.'));
}

function renderList() {
  return render(
    <MemoryRouter>
      <MyApplications />
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await setupTestI18n('en');
});

beforeEach(() => {
  useToastStore.getState().clear();
});

afterEach(cleanup);

describe('my applications', () => {
  it('asks for the latest 10 applications, newest first', async () => {
    const api = stubApplications([]);

    renderList();

    await screen.findByText('You have no applications yet.');
    expect(api.requests(listMyApplications)[0]?.query).toEqual({
      limit: '10',
      sortBy: 'createdAt',
      sortOrder: 'desc',
    });
  });

  it('shows ids as 8 characters with the status and the pair', async () => {
    stubApplications([base]);

    renderList();

    const row = (await screen.findByText('abcdef12')).closest('tr')!;
    expect(within(row).getByText('Pending')).toBeTruthy();
    expect(within(row).getByText('1,500 Cash USD')).toBeTruthy();
    expect(within(row).getByText('Berlin')).toBeTruthy();
  });

  it('links each row to its order page, by a link the keyboard reaches', async () => {
    stubApplications([base]);

    renderList();

    const link = await screen.findByRole('link', { name: 'Open application abcdef12' });
    expect(link.getAttribute('href')).toBe('/applications/abcdef1234567890');
    expect(link.textContent).toBe('abcdef12');
  });

  it('shows the rejection reason of a rejected application', async () => {
    stubApplications([{ ...base, status: 'REJECTED', rejectionReason: 'Documents missing' }]);

    renderList();

    expect(await screen.findByText('Reason: Documents missing')).toBeTruthy();
  });

  it('shows an unknown status as unknown', async () => {
    // A status a later server may add reaches a page loaded before it: no answer of today's route
    // (its schema refuses the status), so the list is answered past the fake's check, on purpose.
    const api = stubApplications([]);
    const checked = api.fetch.getMockImplementation()!;
    api.fetch.mockImplementation(async (input, init) =>
      init?.method === listMyApplications.method && String(input).startsWith(routePath(listMyApplications))
        ? Response.json({
            success: true,
            message: '',
            data: testCursorPage([{ ...base, status: 'SOMETHING_NEW' }]),
          })
        : checked(input, init),
    );

    renderList();

    expect(await screen.findByText('Unknown')).toBeTruthy();
  });

  it('offers cancel only for pending applications', async () => {
    stubApplications([base, { ...base, id: 'zzzzzzzz999', status: 'COMPLETED' }]);

    renderList();

    await screen.findByText('abcdef12');
    expect(screen.getAllByRole('button', { name: /Cancel application/ })).toHaveLength(1);
  });

  it('cancels only after the confirmation toast is accepted', async () => {
    const api = stubApplications([base]);
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel application abcdef12' }));

    const confirmation = useToastStore.getState().toasts[0]!;
    expect(confirmation).toMatchObject({ type: 'custom', duration: 10_000 });
    expect(api.requests(cancelMyApplication)).toEqual([]);

    confirmation.actions![0]!.onClick();

    await waitFor(() =>
      expect(api.requests(cancelMyApplication).map((request) => request.params)).toEqual([
        { id: 'abcdef1234567890' },
      ]),
    );
  });
});

describe('profile display rules', () => {
  it('colours the display-only statuses like their groups', () => {
    expect(statusDisplay('WAITING_PAYMENT')).toEqual({ tone: 'info', known: true });
    expect(statusDisplay('EXPIRED')).toEqual({ tone: 'danger', known: true });
    expect(statusDisplay('COMPLETED')).toEqual({ tone: 'success', known: true });
    expect(statusDisplay('WHATEVER')).toEqual({ tone: 'neutral', known: false });
  });

  it('builds ids, place names and referral links for display', () => {
    expect(shortId('0123456789abcdef')).toBe('01234567');
    expect(geoKeyName('north_america.usa.new_york')).toBe('New York');
    expect(referralLink('https://exchange.example/', 'ANNA 1')).toBe(
      'https://exchange.example/?ref=ANNA%201',
    );
  });
});
