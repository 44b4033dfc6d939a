import type { OwnUser } from '@shared/contract/users';
import { authMe } from '@shared/routes/auth';
import { createTelegramLink, deleteTelegramLink } from '@shared/routes/telegram';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { tokenStorage } from '@web/lib/token-storage';
import { useAuthStore } from '@web/stores/auth-store';
import { fakeApi, ok, refused } from '@web/testing/fake-api';
import { testOwnUser } from '@web/testing/fixtures';
import { setupTestI18n } from '@web/testing/i18n';
import { signedOutEachTest } from '@web/testing/signed-out';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TELEGRAM_LINK_POLL_MS, TelegramSection } from './telegram-section';

const LINK = { url: 'https://t.me/exchange_bot?start=tok123', expiresAt: '2026-11-26T10:10:00.000Z' };
const notLinked = testOwnUser();
const linked = testOwnUser({
  telegramAccount: { username: 'anna_tg', linkedAt: '2026-11-20T10:00:00.000Z' },
});

/** The section as the profile shows it: it reads the user from the store, as the page does. */
function Section() {
  const user = useAuthStore((state) => state.user);
  return user ? <TelegramSection user={user} /> : null;
}

function signIn(user: OwnUser) {
  tokenStorage.setTokens('t1', 'r1');
  useAuthStore.setState({ user, isAuthenticated: true, initializing: false });
}

let open: ReturnType<typeof vi.fn>;

signedOutEachTest();

beforeAll(async () => {
  await setupTestI18n('en');
});

beforeEach(() => {
  open = vi.fn(() => null);
  vi.stubGlobal('open', open);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const linkButton = () => screen.getByRole('button', { name: 'Link Telegram' });

describe('the profile’s Telegram section', () => {
  it('asks for a link, opens it in a new tab and shows it, then turns to linked when the window regains focus', async () => {
    signIn(notLinked);
    const api = fakeApi()
      .answer(createTelegramLink, ok(LINK))
      .answer(authMe, ok({ user: linked }));
    render(<Section />);
    expect(screen.getByText('Not linked')).toBeTruthy();

    fireEvent.click(linkButton());

    const shown = (await screen.findByRole('link', {
      name: /Open the bot in Telegram/,
    })) as HTMLAnchorElement;
    expect(shown.href).toBe(LINK.url);
    expect(shown.target).toBe('_blank');
    expect(open).toHaveBeenCalledWith(LINK.url, '_blank', 'noopener');
    expect(api.requests(createTelegramLink)).toHaveLength(1);
    expect(screen.getByText('The link is valid for 10 minutes.')).toBeTruthy();
    expect(screen.getByText('Press Start in Telegram; this page shows the link once done.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Link Telegram' })).toBeNull();

    fireEvent.focus(window);

    expect(await screen.findByText('Linked: @anna_tg since 20 Nov 2026')).toBeTruthy();
    expect(useAuthStore.getState().user?.telegramAccount).toEqual(linked.telegramAccount);
    expect(screen.queryByRole('link', { name: /Open the bot in Telegram/ })).toBeNull();
  });

  it('reads the user every few seconds while it waits, and keeps waiting while it is not linked yet', async () => {
    signIn(notLinked);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const api = fakeApi()
      .answer(createTelegramLink, ok(LINK))
      .answer(authMe, ok({ user: notLinked }), ok({ user: linked }));
    render(<Section />);
    fireEvent.click(linkButton());
    await screen.findByRole('link', { name: /Open the bot in Telegram/ });
    expect(api.requests(authMe)).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(TELEGRAM_LINK_POLL_MS));
    await waitFor(() => expect(api.requests(authMe)).toHaveLength(1));
    expect(screen.getByText('Press Start in Telegram; this page shows the link once done.')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(TELEGRAM_LINK_POLL_MS));
    expect(await screen.findByText('Linked: @anna_tg since 20 Nov 2026')).toBeTruthy();
    // Linked: the watch has stopped.
    await act(() => vi.advanceTimersByTimeAsync(TELEGRAM_LINK_POLL_MS * 3));
    expect(api.requests(authMe)).toHaveLength(2);
  });

  it('stops waiting when the link lapses and offers a new one', async () => {
    signIn(notLinked);
    const api = fakeApi()
      .answer(createTelegramLink, ok(LINK))
      .answer(authMe, ok({ user: notLinked }));
    render(<Section />);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    fireEvent.click(linkButton());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('link', { name: /Open the bot in Telegram/ })).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));

    expect(screen.getByText('The link has expired. Make a new one to link Telegram.')).toBeTruthy();
    expect(linkButton()).toBeTruthy();
    const asked = api.requests(authMe).length;
    expect(asked).toBeGreaterThan(100);
    await act(() => vi.advanceTimersByTimeAsync(TELEGRAM_LINK_POLL_MS * 3));
    expect(api.requests(authMe)).toHaveLength(asked);
  });

  it('says the server’s refusal when no bot is configured, and opens nothing', async () => {
    signIn(notLinked);
    fakeApi().answer(
      createTelegramLink,
      refused(409, 'No Telegram bot is configured.', { code: 'TelegramBotNotConfigured' }),
    );
    render(<Section />);

    fireEvent.click(linkButton());

    expect(await screen.findByText('No Telegram bot is configured for this exchange.')).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: /Open the bot in Telegram/ })).toBeNull();
  });

  it('shows the linked account and unlinks it, the store taking the answered user', async () => {
    signIn(linked);
    const api = fakeApi().answer(deleteTelegramLink, ok(notLinked));
    render(<Section />);
    expect(screen.getByText('Linked: @anna_tg since 20 Nov 2026')).toBeTruthy();
    expect(screen.getByText('Linked')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Unlink' }));

    expect(await screen.findByRole('button', { name: 'Link Telegram' })).toBeTruthy();
    expect(api.requests(deleteTelegramLink)).toHaveLength(1);
    expect(useAuthStore.getState().user?.telegramAccount).toBeNull();
    expect(screen.queryByText(/Linked: @anna_tg/)).toBeNull();
  });

  it('names an account without a username by its date alone', () => {
    signIn(testOwnUser({ telegramAccount: { username: null, linkedAt: '2026-11-20T10:00:00.000Z' } }));
    fakeApi();
    render(<Section />);
    expect(screen.getByText('Linked since 20 Nov 2026')).toBeTruthy();
  });

  it('tells staff, and only staff, that linking lets them press Take in the staff group', () => {
    fakeApi();
    signIn(testOwnUser({ role: 'MANAGER' }));
    render(<Section />);
    const note = "Staff: with Telegram linked you can press Take on the staff group's alerts.";
    expect(screen.getByText(note)).toBeTruthy();
    cleanup();

    signIn(notLinked);
    render(<Section />);
    expect(screen.queryByText(note)).toBeNull();
  });
});
