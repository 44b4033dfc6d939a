import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, setSessionHooks } from './api-client';
import { tokenStorage } from './token-storage';

type Handler = (url: string, init: RequestInit) => { status: number; body: unknown };

function json(status: number, body: unknown) {
  return { status, body };
}

/** A fetch stand-in that records calls and answers through `handler`. */
function stubFetch(handler: Handler) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const { status, body } = handler(url, init);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function authHeader(init: RequestInit): string | undefined {
  return (init.headers as Record<string, string>).Authorization;
}

const hooks = { onTokenRefreshed: vi.fn(), onSessionLost: vi.fn() };

/**
 * A stand-in for `navigator.locks` shared by every "tab" of a test: callbacks of a lock run one
 * after another, as in a browser; `beforeEach` runs when a callback's turn comes, before it.
 */
function stubLocks(beforeEach: () => void = () => {}) {
  let tail: Promise<unknown> = Promise.resolve();
  const request = vi.fn((_name: string, callback: () => Promise<unknown>) => {
    const turn = tail.then(() => {
      beforeEach();
      return callback();
    });
    tail = turn.catch(() => undefined);
    return turn;
  });
  vi.stubGlobal('navigator', { locks: { request } });
  return request;
}

/** The refresh endpoint as the server runs it: each refresh token is accepted once, then rotated. */
function rotatingServer() {
  let current = 'refresh-1';
  let issued = 0;
  return stubFetch((url, init) => {
    if (url === '/api/auth/refresh') {
      const sent = JSON.parse(init.body as string).refreshTokenFromBody;
      if (sent !== current) return json(401, { success: false, message: 'Your session has ended.' });
      issued += 1;
      current = `refresh-${issued + 1}`;
      return json(200, {
        success: true,
        message: '',
        data: { token: `new-${issued}`, refreshToken: current },
      });
    }
    return authHeader(init)?.startsWith('Bearer new-')
      ? json(200, { success: true, message: '', data: url })
      : json(401, { success: false, message: 'Not authenticated.' });
  });
}

beforeEach(() => {
  localStorage.clear();
  hooks.onTokenRefreshed.mockReset();
  hooks.onSessionLost.mockReset();
  setSessionHooks(hooks);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends JSON with credentials and the bearer token under /api', async () => {
    tokenStorage.setTokens('access-1', 'refresh-1');
    const calls = stubFetch(() => json(200, { success: true, message: 'ok', data: { a: 1 } }));

    const answer = await api.post<{ a: number }>('/things', { name: 'x' });

    expect(answer.data).toEqual({ a: 1 });
    expect(calls[0]!.url).toBe('/api/things');
    expect(calls[0]!.init.credentials).toBe('include');
    expect(authHeader(calls[0]!.init)).toBe('Bearer access-1');
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(calls[0]!.init.body).toBe('{"name":"x"}');
  });

  it('rejects with the envelope message and field errors', async () => {
    stubFetch(() =>
      json(400, {
        success: false,
        message: 'Validation failed.',
        errors: [{ path: 'email', param: 'email', msg: 'Bad' }],
      }),
    );

    const failure = await api.post('/auth/register', {}).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('Validation failed.');
    expect((failure as ApiError).errors).toEqual([{ path: 'email', param: 'email', msg: 'Bad' }]);
  });

  it('refreshes once on a 401, saves the new tokens and retries the request', async () => {
    tokenStorage.setTokens('old', 'refresh-1');
    const calls = stubFetch((url, init) => {
      if (url === '/api/auth/refresh')
        return json(200, { success: true, message: '', data: { token: 'new', refreshToken: 'refresh-2' } });
      return authHeader(init) === 'Bearer new'
        ? json(200, { success: true, message: '', data: 'fresh' })
        : json(401, { success: false, message: 'Not authenticated.' });
    });

    const answer = await api.get<string>('/auth/me');

    expect(answer.data).toBe('fresh');
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/me', '/api/auth/refresh', '/api/auth/me']);
    expect(JSON.parse(calls[1]!.init.body as string)).toEqual({ refreshTokenFromBody: 'refresh-1' });
    expect(tokenStorage.getToken()).toBe('new');
    expect(tokenStorage.getRefreshToken()).toBe('refresh-2');
    expect(hooks.onTokenRefreshed).toHaveBeenCalledWith('new', 'refresh-2');
  });

  it('retries a request only once when the retry is refused again', async () => {
    tokenStorage.setTokens('old', 'refresh-1');
    const calls = stubFetch((url) =>
      url === '/api/auth/refresh'
        ? json(200, { success: true, message: '', data: { token: 'new', refreshToken: 'refresh-2' } })
        : json(401, { success: false, message: 'Not authenticated.' }),
    );

    await expect(api.get('/applications')).rejects.toMatchObject({ status: 401 });

    expect(calls.filter((call) => call.url === '/api/applications')).toHaveLength(2);
    expect(calls.filter((call) => call.url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('shares one refresh between parallel requests that get a 401', async () => {
    tokenStorage.setTokens('old', 'refresh-1');
    const calls = stubFetch((url, init) => {
      if (url === '/api/auth/refresh')
        return json(200, { success: true, message: '', data: { token: 'new', refreshToken: 'refresh-2' } });
      return authHeader(init) === 'Bearer new'
        ? json(200, { success: true, message: '', data: url })
        : json(401, { success: false, message: 'Not authenticated.' });
    });

    const answers = await Promise.all([api.get('/a'), api.get('/b'), api.get('/c')]);

    expect(answers.map((answer) => answer.data)).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(calls.filter((call) => call.url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('exchanges the refresh token under the cross-tab refresh lock', async () => {
    tokenStorage.setTokens('old', 'refresh-1');
    const request = stubLocks();
    const calls = rotatingServer();

    const answer = await api.get('/a');

    expect(answer.data).toBe('/api/a');
    expect(request).toHaveBeenCalledWith('auth-refresh', expect.any(Function));
    expect(calls.filter((call) => call.url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('uses the tokens another tab stored while this one waited for the lock, without refreshing', async () => {
    tokenStorage.setTokens('old', 'refresh-1');
    // The other tab held the lock first and rotated the pair this tab started with.
    stubLocks(() => tokenStorage.setTokens('new-other', 'refresh-2'));
    const calls = rotatingServer();

    const answer = await api.get('/a');

    expect(answer.data).toBe('/api/a');
    expect(calls.map((call) => call.url)).toEqual(['/api/a', '/api/a']);
    expect(authHeader(calls[1]!.init)).toBe('Bearer new-other');
    expect(hooks.onTokenRefreshed).toHaveBeenCalledWith('new-other', 'refresh-2');
  });

  it('sends the refresh token once when two tabs refresh at the same time', async () => {
    tokenStorage.setTokens('old', 'refresh-1');
    stubLocks();
    const calls = rotatingServer();
    vi.resetModules();
    // A second copy of the module is a second tab: its own in-tab sharing, the same storage and locks.
    const otherTab = await import('./api-client');

    const answers = await Promise.all([api.get('/a'), otherTab.api.get('/b')]);

    expect(answers.map((answer) => answer.data)).toEqual(['/api/a', '/api/b']);
    expect(calls.filter((call) => call.url === '/api/auth/refresh')).toHaveLength(1);
    expect(tokenStorage.getRefreshToken()).toBe('refresh-2');
  });

  it('clears the session when there is no refresh token', async () => {
    tokenStorage.setTokens('old', null);
    const calls = stubFetch(() => json(401, { success: false, message: 'Not authenticated.' }));

    await expect(api.get('/auth/me')).rejects.toBeInstanceOf(ApiError);

    expect(calls.map((call) => call.url)).toEqual(['/api/auth/me']);
    expect(tokenStorage.getToken()).toBeNull();
    expect(hooks.onSessionLost).toHaveBeenCalledTimes(1);
  });

  it('clears the session when the refresh fails', async () => {
    tokenStorage.setTokens('old', 'refresh-1');
    stubFetch((url) =>
      url === '/api/auth/refresh'
        ? json(401, { success: false, message: 'Your session has expired. Please log in again.' })
        : json(401, { success: false, message: 'Not authenticated.' }),
    );

    await expect(api.get('/auth/me')).rejects.toBeInstanceOf(ApiError);

    expect(tokenStorage.getToken()).toBeNull();
    expect(tokenStorage.getRefreshToken()).toBeNull();
    expect(hooks.onSessionLost).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['login', '/auth/login'],
    ['the code step of a login', '/auth/mfa/verify'],
  ])('does not refresh when %s answers 401', async (_call, path) => {
    tokenStorage.setTokens('old', 'refresh-1');
    const calls = stubFetch(() => json(401, { success: false, message: 'Login failed.' }));

    await expect(api.post(path, {})).rejects.toMatchObject({ message: 'Login failed.' });

    expect(calls.map((call) => call.url)).toEqual([`/api${path}`]);
    expect(hooks.onSessionLost).not.toHaveBeenCalled();
  });

  it('encodes query parameters and leaves out empty ones', async () => {
    const calls = stubFetch(() => json(200, { success: true, message: '', data: [] }));

    await api.get('/applications', { limit: 10, sortBy: 'createdAt', search: '', status: undefined });

    expect(calls[0]!.url).toBe('/api/applications?limit=10&sortBy=createdAt');
  });
});
