import { ApiError } from '@web/lib/api-client';
import { setupTestI18n } from '@web/testing/i18n';
import { beforeAll, describe, expect, it } from 'vitest';
import { placeServerError } from './server-error';

describe('placeServerError', () => {
  beforeAll(() => setupTestI18n('en'));

  it('puts the rule the server named for the field under that field, in the UI language', () => {
    const failure = new ApiError(400, 'Validation failed.', [
      { path: 'other', param: 'other', code: 'required', msg: 'Not this one' },
      { path: 'username', param: 'username', code: 'usernameTaken', msg: 'Username taken' },
    ]);
    expect(placeServerError(failure, 'username', 'Could not save')).toEqual({
      field: 'username',
      fieldError: 'This username is already taken.',
      formError: null,
    });
  });

  it('names which of several fields the server blamed', () => {
    const failure = new ApiError(400, 'Validation failed.', [
      {
        path: 'telegramId',
        param: 'telegramId',
        code: 'telegramFormat',
        msg: 'Telegram contact must be a username or a phone number.',
      },
    ]);
    expect(placeServerError(failure, ['username', 'telegramId'], 'Could not save')).toEqual({
      field: 'telegramId',
      fieldError: 'Telegram contact must be a username or a phone number.',
      formError: null,
    });
  });

  it("shows the server's message above the form when no field was blamed", () => {
    const failure = new ApiError(409, 'Try later', []);
    expect(placeServerError(failure, 'username', 'Could not save')).toEqual({
      field: null,
      fieldError: null,
      formError: 'Try later',
    });
  });

  it('falls back to the given text when the failure carries no message', () => {
    expect(placeServerError(new TypeError('fetch failed'), 'username', 'Could not save')).toEqual({
      field: null,
      fieldError: null,
      formError: 'Could not save',
    });
  });
});
