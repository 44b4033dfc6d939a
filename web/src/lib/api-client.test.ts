import { adminListApplications } from '@shared/routes/admin-applications';
import { getMyApplication, listMyApplications } from '@shared/routes/applications';
import { authLogin, authLogout, authMe, authRefresh, authRegister } from '@shared/routes/auth';
import { routePath } from '@shared/routes/definition';
import { mfaVerify } from '@shared/routes/mfa';
import { updateProfile } from '@shared/routes/profile';
import { done, type FakeRequest, fakeApi, notModified, ok, refused, withEtag } from '@web/testing/fake-api';
import { testApplicationDetail, testOwnUser } from '@web/testing/fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, MissingDataError, setSessionHooks } from './api-client';
import { tokenStorage } from './token-storage';

const user = testOwnUser();
const notAuthenticated = refused(401, 'Not authenticated.', { code: 'NotLoggedIn' });

/** The URLs the client fetched, in order. */
function fetchedUrls(api: ReturnType<typeof fakeApi>): string[] {
  return api.fetch.mock.calls.map(([input]) => String(input));
}

/** What the client passed to fetch for its request number `index` (credentials, the raw body). */
function initOf(api: ReturnType<typeof fakeApi>, index = 0): RequestInit {
  return api.fetch.mock.calls[index]?.[1] ?? {};
}

/** An application of one's own, answered only to a request with a token that a refresh issued. */
function ownApplicationWithNewToken(request: FakeRequest) {
  return request.headers.Authorization?.startsWith('Bearer new')
    ? ok(testApplicationDetail({ id: request.params.id }))
    : notAuthenticated;
}

const hooks = { onSessionLost: vi.fn() };

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

/** The refresh route as the server runs it: each refresh token is accepted once, then rotated. */
function rotatingServer() {
  let current = 'refresh-1';
  let issued = 0;
  return fakeApi()
    .answer(authRefresh, (request) => {
      const sent = (request.body as { refreshTokenFromBody: string }).refreshTokenFromBody;
      if (sent !== current) {
        return refused(401, 'Your session has ended. Please log in again.', { code: 'SessionEnded' });
      }
      issued += 1;
      current = `refresh-${issued + 1}`;
      return ok({ token: `new-${issued}`, refreshToken: current });
    })
    .answer(getMyApplication, ownApplicationWithNewToken);
}

beforeEach(() => {
  localStorage.clear();
  hooks.onSessionLost.mockReset();
  setSessionHooks(hooks);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it("sends JSON with credentials and the bearer token to the route's path", async () => {
    tokenStorage.setTokens('access-1', 'refresh-1');
    const changed = testOwnUser({ username: 'anna_2' });
    const api = fakeApi().answer(updateProfile, ok(changed));

    const answer = await call(updateProfile, { body: { username: 'anna_2' } });

    expect(answer.data).toEqual(changed);
    expect(fetchedUrls(api)).toEqual([routePath(updateProfile)]);
    expect(initOf(api).method).toBe('PUT');
    expect(initOf(api).credentials).toBe('include');
    const [sent] = api.requests(updateProfile);
    expect(sent?.headers.Authorization).toBe('Bearer access-1');
    expect(sent?.headers['Content-Type']).toBe('application/json');
    expect(initOf(api).body).toBe('{"username":"anna_2"}');
  });

  it("rejects with the envelope's message, code, params and field errors", async () => {
    fakeApi().answer(
      authRegister,
      refused(400, 'Validation failed.', {
        code: 'ValidationFailed',
        params: { fields: 1 },
        errors: [{ path: 'email', param: 'email', code: 'invalidEmail', msg: 'Bad' }],
      }),
    );

    const failure = await call(authRegister, {
      body: { email: 'anna@', username: 'anna', password: 'Long-enough-1' },
    }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      message: 'Validation failed.',
      code: 'ValidationFailed',
      params: { fields: 1 },
    });
    expect((failure as ApiError).errors).toEqual([
      { path: 'email', param: 'email', code: 'invalidEmail', msg: 'Bad' },
    ]);
  });

  it('types `data` as present for a route that declares a response, absent for one that does not', async () => {
    fakeApi().answer(authMe, ok({ user })).answer(authLogout, done('Logged out.'));

    const me = await call(authMe);
    const loggedOut = await call(authLogout);

    // Read without a check: the client has made sure it is there.
    expect(me.data.user.id).toBe(user.id);
    // @ts-expect-error `data` is not optional for a route that declares a response
    me.data = undefined;
    const nothing: undefined = loggedOut.data;
    expect(nothing).toBeUndefined();
  });

  it('rejects a success without the data its route declares with a MissingDataError', async () => {
    const answer = { success: true, message: '' };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(answer), { status: 200 }));

    const failure = await call(authMe).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(MissingDataError);
    expect(failure).not.toBeInstanceOf(ApiError);
  });

  it('refreshes once on a 401, saves the new tokens and retries the request', async () => {
    tokenStorage.setTokens('old', 'refresh-1');
    const api = fakeApi()
      .answer(authRefresh, ok({ token: 'new', refreshToken: 'refresh-2' }))
      .answer(authMe, (request) =>
        request.headers.Authorization === 'Bearer new' ? ok({ user }) : notAuthenticated,
      );

    const answer = await call(authMe);

    expect(answer.data).toEqual({ user });
    expect(fetchedUrls(api)).toEqual([routePath(authMe), routePath(authRefresh), routePath(authMe)]);
    expect(api.requests(authRefresh).map((request) => request.body)).toEqual([
      { refreshTokenFromBody: 'refresh-1' },
    ]);
    expect(tokenStorage.getToken()).toBe('new');
    expect(tokenStorage.getRefreshToken()).toBe('refresh-2');
  });

  it('retries a request only once when the retry is refused again', async () => {
    tokenStorage.setTokens('old', 'refresh-1');
    const api = fakeApi()
      .answer(authRefresh, ok({ token: 'new', refreshToken: 'refresh-2' }))
      .answer(listMyApplications, notAuthenticated);

    await expect(call(listMyApplications)).rejects.toMatchObject({ status: 401 });

    expect(api.requests(listMyApplications)).toHaveLength(2);
    expect(api.requests(authRefresh)).toHaveLength(1);
  });

  it('shares one refresh between parallel requests that get a 401', async () => {
    tokenStorage.setTokens('old', 'refresh-1');
    const api = fakeApi()
      .answer(authRefresh, ok({ token: 'new', refreshToken: 'refresh-2' }))
      .answer(getMyApplication, ownApplicationWithNewToken);

    const answers = await Promise.all(
      ['a', 'b', 'c'].map((id) => call(getMyApplication, { params: { id } })),
    );

    expect(answers.map((answer) => answer.data?.id)).toEqual(['a', 'b', 'c']);
    expect(api.requests(authRefresh)).toHaveLength(1);
  });

  it('exchanges the refresh token under the cross-tab refresh lock', async () => {
    tokenStorage.setTokens('old', 'refresh-1');
    const request = stubLocks();
    const api = rotatingServer();

    const answer = await call(getMyApplication, { params: { id: 'a' } });

    expect(answer.data?.id).toBe('a');
    expect(request).toHaveBeenCalledWith('auth-refresh', expect.any(Function));
    expect(api.requests(authRefresh)).toHaveLength(1);
  });

  it('uses the tokens another tab stored while this one waited for the lock, without refreshing', async () => {
    tokenStorage.setTokens('old', 'refresh-1');
    // The other tab held the lock first and rotated the pair this tab started with.
    stubLocks(() => tokenStorage.setTokens('new-other', 'refresh-2'));
    const api = rotatingServer();

    const answer = await call(getMyApplication, { params: { id: 'a' } });

    expect(answer.data?.id).toBe('a');
    const url = routePath(getMyApplication, { id: 'a' });
    expect(fetchedUrls(api)).toEqual([url, url]);
    expect(api.requests(getMyApplication)[1]?.headers.Authorization).toBe('Bearer new-other');
  });

  it('sends the refresh token once when two tabs refresh at the same time', async () => {
    tokenStorage.setTokens('old', 'refresh-1');
    stubLocks();
    const api = rotatingServer();
    vi.resetModules();
    // A second copy of the module is a second tab: its own in-tab sharing, the same storage and locks.
    const otherTab = await import('./api-client');

    const answers = await Promise.all([
      call(getMyApplication, { params: { id: 'a' } }),
      otherTab.call(getMyApplication, { params: { id: 'b' } }),
    ]);

    expect(answers.map((answer) => answer.data?.id)).toEqual(['a', 'b']);
    expect(api.requests(authRefresh)).toHaveLength(1);
    expect(tokenStorage.getRefreshToken()).toBe('refresh-2');
  });

  it('clears the session when there is no refresh token', async () => {
    tokenStorage.setTokens('old', null);
    const api = fakeApi().answer(authMe, notAuthenticated);

    await expect(call(authMe)).rejects.toBeInstanceOf(ApiError);

    expect(fetchedUrls(api)).toEqual([routePath(authMe)]);
    expect(tokenStorage.getToken()).toBeNull();
    expect(hooks.onSessionLost).toHaveBeenCalledTimes(1);
  });

  it('clears the session when the refresh fails', async () => {
    tokenStorage.setTokens('old', 'refresh-1');
    fakeApi()
      .answer(
        authRefresh,
        refused(401, 'Your session has expired. Please log in again.', { code: 'RefreshTokenInvalid' }),
      )
      .answer(authMe, notAuthenticated);

    await expect(call(authMe)).rejects.toBeInstanceOf(ApiError);

    expect(tokenStorage.getToken()).toBeNull();
    expect(tokenStorage.getRefreshToken()).toBeNull();
    expect(hooks.onSessionLost).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['login', authLogin, () => call(authLogin, { body: { loginIdentifier: 'anna', password: 'wrong' } })],
    [
      'the code step of a login',
      mfaVerify,
      () => call(mfaVerify, { body: { mfaToken: 'm1', code: '123456' } }),
    ],
  ])('does not refresh when %s answers 401', async (_call, route, send) => {
    tokenStorage.setTokens('old', 'refresh-1');
    const api = fakeApi().answer(route, refused(401, 'Login failed.', { code: 'InvalidCredentials' }));

    await expect(send()).rejects.toMatchObject({ message: 'Login failed.' });

    expect(fetchedUrls(api)).toEqual([routePath(route)]);
    expect(hooks.onSessionLost).not.toHaveBeenCalled();
  });

  it('encodes query parameters and leaves out empty ones', async () => {
    const api = fakeApi().answer(
      adminListApplications,
      ok({ items: [], total: 0, totalPages: 0, nextCursor: null, window: null }),
    );

    await call(adminListApplications, {
      query: { limit: 10, sortBy: 'createdAt', search: '', status: undefined },
    });

    expect(api.requests(adminListApplications).map((request) => request.query)).toEqual([
      { limit: '10', sortBy: 'createdAt' },
    ]);
    expect(fetchedUrls(api)).toEqual([`${routePath(adminListApplications)}?limit=10&sortBy=createdAt`]);
  });

  describe('conditional routes', () => {
    /** The order page's route as the server answers it: the current answer's ETag, 304 when named. */
    function conditionalServer(detail: ReturnType<typeof testApplicationDetail>, etag = '"v1"') {
      return fakeApi().answer(getMyApplication, (request) =>
        request.headers['If-None-Match'] === etag ? notModified(etag) : withEtag(ok(detail), etag),
      );
    }

    it('asks again with the ETag of the last answer and answers that answer on a 304', async () => {
      tokenStorage.setTokens('access-1', 'refresh-1');
      const detail = testApplicationDetail({ id: 'conditional-1', status: 'PROCESSING' });
      const api = conditionalServer(detail);

      const first = await call(getMyApplication, { params: { id: 'conditional-1' } });
      const second = await call(getMyApplication, { params: { id: 'conditional-1' } });

      expect(api.requests(getMyApplication).map((request) => request.headers['If-None-Match'])).toEqual([
        undefined,
        '"v1"',
      ]);
      expect(second).toEqual(first);
      expect(second.data?.status).toBe('PROCESSING');
    });

    it('keeps the newer answer and its ETag when the server answers 200 again', async () => {
      tokenStorage.setTokens('access-1', 'refresh-1');
      const api = fakeApi().answer(
        getMyApplication,
        withEtag(ok(testApplicationDetail({ id: 'conditional-2' })), '"v1"'),
        withEtag(ok(testApplicationDetail({ id: 'conditional-2', status: 'PROCESSING' })), '"v2"'),
        notModified('"v2"'),
      );
      const ask = () => call(getMyApplication, { params: { id: 'conditional-2' } });

      await ask();
      await ask();
      const third = await ask();

      expect(third.data?.status).toBe('PROCESSING');
      expect(api.requests(getMyApplication).map((request) => request.headers['If-None-Match'])).toEqual([
        undefined,
        '"v1"',
        '"v2"',
      ]);
    });

    it('holds answers per URL and sends no ETag to a route that is not conditional', async () => {
      tokenStorage.setTokens('access-1', 'refresh-1');
      const api = conditionalServer(testApplicationDetail({ id: 'conditional-3' }));
      api.answer(
        listMyApplications,
        withEtag(ok({ items: [], total: 0, totalPages: 0, nextCursor: null }), '"list"'),
      );

      await call(getMyApplication, { params: { id: 'conditional-3' } });
      await call(getMyApplication, { params: { id: 'conditional-3b' } });
      await call(listMyApplications);
      await call(listMyApplications);

      expect(api.requests(getMyApplication).map((request) => request.headers['If-None-Match'])).toEqual([
        undefined,
        undefined,
      ]);
      expect(api.requests(listMyApplications).map((request) => request.headers['If-None-Match'])).toEqual([
        undefined,
        undefined,
      ]);
    });
  });
});
