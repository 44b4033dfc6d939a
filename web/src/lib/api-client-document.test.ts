import { authRefresh } from '@shared/routes/auth';
import { adminExportTransactionsCsv } from '@shared/routes/transactions';
import { document, fakeApi, ok, refused } from '@web/testing/fake-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callDocument, setSessionHooks } from './api-client';
import { tokenStorage } from './token-storage';

/** `callDocument`: a route that `produces` a document (the transaction history's CSV). */
const hooks = { onSessionLost: vi.fn() };
const notAuthenticated = refused(401, 'Not authenticated.', { code: 'NotLoggedIn' });
const CSV = 'time,direction\r\n2026-11-20T10:15:00.000Z,in\r\n';
const file = document(CSV, { 'Content-Disposition': 'attachment; filename="transactions_x.csv"' });

beforeEach(() => {
  localStorage.clear();
  hooks.onSessionLost.mockReset();
  setSessionHooks(hooks);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('callDocument', () => {
  it('answers the document as a Blob with its file name, asked by the route with the bearer token', async () => {
    tokenStorage.setTokens('access-1', 'refresh-1');
    const api = fakeApi().answer(adminExportTransactionsCsv, file);

    const answer = await callDocument(adminExportTransactionsCsv, { query: { currency: 'USD' } });

    expect(await answer.blob.text()).toBe(CSV);
    expect(answer.fileName).toBe('transactions_x.csv');
    const [sent] = api.requests(adminExportTransactionsCsv);
    expect(sent?.query).toEqual({ currency: 'USD' });
    expect(sent?.headers.Authorization).toBe('Bearer access-1');
    expect(sent?.headers.Accept).toBe('text/csv, application/json');
  });

  it('refreshes once on a 401 and asks again with the new token', async () => {
    tokenStorage.setTokens('old', 'refresh-1');
    fakeApi()
      .answer(authRefresh, ok({ token: 'new', refreshToken: 'refresh-2' }))
      .answer(adminExportTransactionsCsv, (request) =>
        request.headers.Authorization === 'Bearer new' ? file : notAuthenticated,
      );

    const answer = await callDocument(adminExportTransactionsCsv);

    expect(await answer.blob.text()).toBe(CSV);
    expect(tokenStorage.getToken()).toBe('new');
  });

  it("rejects a refusal with the envelope's code and field errors", async () => {
    tokenStorage.setTokens('access-1', 'refresh-1');
    fakeApi().answer(
      adminExportTransactionsCsv,
      refused(400, 'Validation failed.', {
        code: 'ValidationFailed',
        errors: [
          {
            path: 'query.to',
            param: 'to',
            code: 'periodOrder',
            msg: 'The period must not end before it starts.',
          },
        ],
      }),
    );

    const failure = await callDocument(adminExportTransactionsCsv, {
      query: { from: '2026-11-02', to: '2026-11-01' },
    }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(400);
    expect((failure as ApiError).code).toBe('ValidationFailed');
    expect((failure as ApiError).errors[0]?.code).toBe('periodOrder');
  });
});
