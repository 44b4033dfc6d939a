import { adminGetApplication } from '@shared/routes/admin-applications';
import { createLiveTicket } from '@shared/routes/live';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { FakeLiveSocket } from '@web/lib/live/fake-live-socket';
import { configureLive } from '@web/lib/live/live-store';
import { initialAuthState, useAuthStore } from '@web/stores/auth-store';
import { fakeApi, ok } from '@web/testing/fake-api';
import { testAdminApplicationDetail, testOwnUser } from '@web/testing/fixtures';
import { openLiveSocket } from '@web/testing/live';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAdmin, startI18n } from '../test-utils';
import { rememberAssignees } from './admin-live';
import { ATTENTION_STORAGE_KEY, titleWithCount } from './attention';
import { StaffAttention } from './staff-attention';

/** Staff attention: the switches, the tone, the notification and the title's count. */

const STAFF = 'staff-1';

/** The Web Audio API as far as the tone uses it: counts the notes played. */
class FakeAudioContext {
  static notes = 0;
  state = 'running';
  currentTime = 0;
  destination = {};
  resume = async () => undefined;
  createOscillator() {
    return {
      type: '',
      frequency: { value: 0 },
      connect() {},
      start: () => (FakeAudioContext.notes += 1),
      stop() {},
    };
  }
  createGain() {
    return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect() {} };
  }
}

/** The Notification API: the permission it answers and every notification shown. */
function stubNotifications(answer: NotificationPermission, permission: NotificationPermission = 'default') {
  const shown: { title: string; options: NotificationOptions; click: () => void }[] = [];
  const Fake = class {
    static permission = permission;
    static requestPermission = vi.fn(async () => {
      Fake.permission = answer;
      return answer;
    });
    onclick: (() => void) | null = null;
    constructor(title: string, options: NotificationOptions) {
      shown.push({ title, options, click: () => this.onclick?.() });
    }
    close() {}
  };
  vi.stubGlobal('Notification', Fake);
  return { shown, Fake };
}

/** Whether the staff member looks at the page (the tab shown and the window focused). */
function setLooking(looking: boolean) {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (looking ? 'visible' : 'hidden'),
  });
  vi.spyOn(document, 'hasFocus').mockReturnValue(looking);
}

beforeAll(startI18n);

beforeEach(() => {
  localStorage.removeItem(ATTENTION_STORAGE_KEY);
  document.title = 'Exchange';
  FakeAudioContext.notes = 0;
  vi.stubGlobal('AudioContext', FakeAudioContext);
  FakeLiveSocket.reset();
  configureLive({ socketClass: FakeLiveSocket, random: () => 0 });
  useAuthStore.setState({
    ...initialAuthState,
    initializing: false,
    isAuthenticated: true,
    // On shift: the alerts are theirs (off shift, none; see the last tests).
    user: testOwnUser({ id: STAFF, role: 'MANAGER', onShiftSince: '2026-03-02T08:30:00.000Z' }),
  });
});

afterEach(() => {
  configureLive({});
  vi.restoreAllMocks();
  Reflect.deleteProperty(document, 'visibilityState');
  useAuthStore.setState(initialAuthState);
});

/** Where the admin area is (a notification's click opens the application). */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{`${pathname}${search}`}</output>;
}

async function renderLive() {
  const api = fakeApi().answer(createLiveTicket, ok({ url: 'wss://live.test/', ticket: 't' }));
  const view = renderAdmin(
    <>
      <StaffAttention />
      <LocationProbe />
    </>,
    { id: STAFF, role: 'MANAGER' },
  );
  await openLiveSocket();
  return { api, view };
}

const notice = (type: string, id: string) => act(() => FakeLiveSocket.latest().receive({ type, id }));

describe('staff attention', () => {
  it('keeps the sound switch in this browser and plays the tone when it is switched on', async () => {
    stubNotifications('granted');
    const { view } = await renderLive();
    expect(screen.getByText('live')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Sound on shift'));

    expect(FakeAudioContext.notes).toBeGreaterThan(0);
    expect(JSON.parse(localStorage.getItem(ATTENTION_STORAGE_KEY)!)).toEqual({ sound: true, notify: false });
    view.unmount();
    renderAdmin(<StaffAttention />, { id: STAFF, role: 'MANAGER' });
    expect((screen.getByLabelText('Sound on shift') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Notifications on shift') as HTMLInputElement).checked).toBe(false);
  });

  it('asks the browser for notifications on the switch, and stays off when refused', async () => {
    const { Fake } = stubNotifications('denied');
    await renderLive();

    fireEvent.click(screen.getByLabelText('Notifications on shift'));

    expect(
      await screen.findByText(
        "The browser blocks notifications for this site: allow them in the site's settings.",
      ),
    ).toBeTruthy();
    expect(Fake.requestPermission).toHaveBeenCalledOnce();
    expect((screen.getByLabelText('Notifications on shift') as HTMLInputElement).checked).toBe(false);
    expect(JSON.parse(localStorage.getItem(ATTENTION_STORAGE_KEY)!)).toEqual({ sound: false, notify: false });
  });

  it('counts new applications, payments and messages that concern them in the title until they look again', async () => {
    const { shown } = stubNotifications('granted', 'granted');
    localStorage.setItem(ATTENTION_STORAGE_KEY, JSON.stringify({ sound: true, notify: true }));
    rememberAssignees([
      { id: 'assigned-to-other', assignedToId: 'staff-2' },
      { id: 'assigned-to-me', assignedToId: STAFF },
    ]);
    const { api } = await renderLive();
    api.answer(
      adminGetApplication,
      ok(testAdminApplicationDetail({ id: 'not-loaded-here', assignedToId: null })),
    );
    setLooking(false);

    notice('application.created', 'new-one');
    notice('application.paid', 'paid-one');
    notice('application.changed', 'changed-one');
    notice('message.created', 'assigned-to-other');
    notice('message.created', 'assigned-to-me');
    notice('message.created', 'not-loaded-here');

    await waitFor(() => expect(document.title).toBe('(4) Exchange'));
    expect(api.requests(adminGetApplication).map((request) => request.params.id)).toEqual([
      'not-loaded-here',
    ]);
    expect(FakeAudioContext.notes).toBe(4 * 2);
    expect(shown.map((one) => one.title)).toEqual([
      'New application new-one',
      'The client has paid application paid-one',
      // The application's id as the admin list shows it (its first 12 characters).
      'New message on application assigned-to-',
      'New message on application not-loaded-h',
    ]);

    // A click on a notification opens its application in the admin list.
    act(() => shown[1]!.click());
    expect(screen.getByLabelText('location').textContent).toBe(
      '/admin/application-management?open_id=paid-one',
    );

    setLooking(true);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(document.title).toBe('Exchange');
  });

  it("sounds and notifies each chain event: a deal's opens the deal, a transfer of no deal the review list", async () => {
    const { shown } = stubNotifications('granted', 'granted');
    localStorage.setItem(ATTENTION_STORAGE_KEY, JSON.stringify({ sound: true, notify: true }));
    await renderLive();
    setLooking(false);

    notice('chain.application', 'short-paid-one');
    notice('chain.transfer', 'f'.repeat(64));

    await waitFor(() => expect(document.title).toBe('(2) Exchange'));
    expect(FakeAudioContext.notes).toBe(2 * 2);
    expect(shown.map((one) => [one.title, one.options.body])).toEqual([
      ['USDT on chain for application short-paid-o', 'Click to open the application'],
      ['USDT arrived that pays no application', 'Click to open the review list'],
    ]);
    act(() => shown[0]!.click());
    expect(screen.getByLabelText('location').textContent).toBe(
      '/admin/application-management?open_id=short-paid-one',
    );
    act(() => shown[1]!.click());
    expect(screen.getByLabelText('location').textContent).toBe('/admin/payment-gateways');
  });

  it('neither counts nor notifies while they look, and plays the tone only when switched on', async () => {
    const { shown } = stubNotifications('granted', 'granted');
    localStorage.setItem(ATTENTION_STORAGE_KEY, JSON.stringify({ sound: false, notify: true }));
    await renderLive();
    setLooking(true);

    notice('application.created', 'new-one');
    await act(() => Promise.resolve());

    expect(document.title).toBe('Exchange');
    expect(shown).toEqual([]);
    expect(FakeAudioContext.notes).toBe(0);
  });

  it('asks nothing of a staff member off shift: no tone, no notification, no count, and says why', async () => {
    const { shown } = stubNotifications('granted', 'granted');
    localStorage.setItem(ATTENTION_STORAGE_KEY, JSON.stringify({ sound: true, notify: true }));
    useAuthStore.setState({ user: testOwnUser({ id: STAFF, role: 'MANAGER', onShiftSince: null }) });
    await renderLive();
    setLooking(false);

    notice('application.created', 'new-one');
    notice('message.created', 'not-loaded-here');
    await act(() => Promise.resolve());

    expect(document.title).toBe('Exchange');
    expect(shown).toEqual([]);
    expect(FakeAudioContext.notes).toBe(0);
    expect(
      screen.getByText('Off shift: no sound, notifications or count in the tab until you go on shift.'),
    ).toBeTruthy();
    // The switches stay as they were set, for when they go on shift.
    expect((screen.getByLabelText('Sound on shift') as HTMLInputElement).checked).toBe(true);
  });

  it('alerts again once they go on shift', async () => {
    stubNotifications('granted', 'granted');
    localStorage.setItem(ATTENTION_STORAGE_KEY, JSON.stringify({ sound: true, notify: false }));
    useAuthStore.setState({ user: testOwnUser({ id: STAFF, role: 'MANAGER', onShiftSince: null }) });
    await renderLive();
    setLooking(false);

    act(() =>
      useAuthStore.setState({
        user: testOwnUser({ id: STAFF, role: 'MANAGER', onShiftSince: '2026-03-02T08:30:00.000Z' }),
      }),
    );
    notice('application.created', 'new-one');

    await waitFor(() => expect(document.title).toBe('(1) Exchange'));
    expect(FakeAudioContext.notes).toBe(2);
    expect(screen.queryByText(/^Off shift/)).toBeNull();
  });

  it('writes the count before the title, once', () => {
    expect(titleWithCount('Exchange', 3)).toBe('(3) Exchange');
    expect(titleWithCount('(3) Exchange', 4)).toBe('(4) Exchange');
    expect(titleWithCount('(4) Exchange', 0)).toBe('Exchange');
  });
});
