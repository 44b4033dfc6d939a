import { ApiError } from '@web/lib/api-client';
import { useToastStore } from '@web/stores/toast-store';
import { refusalError } from '@web/testing/fake-api';
import { setupTestI18n } from '@web/testing/i18n';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notify } from './notify';

const lastToast = () => useToastStore.getState().toasts.at(-1)?.message;

describe('notify.failure', () => {
  beforeAll(async () => {
    await setupTestI18n('ru');
  });
  afterEach(() => useToastStore.getState().clear());

  it('says why a field was refused rather than the generic validation message', () => {
    notify.failure(
      new ApiError(400, 'Validation failed.', [
        {
          path: 'rejectionReason',
          param: 'rejectionReason',
          code: 'rejectionReasonRequired',
          msg: 'Reason for rejection required.',
        },
      ]),
      'fallback',
    );

    expect(lastToast()).toBe('Укажите причину отклонения.');
  });

  it('words a refused status transition by its code, whatever its English text', () => {
    notify.failure(
      refusalError(409, 'An application cannot move from COMPLETED to PENDING.', {
        code: 'TransitionNotAllowed',
        params: { from: 'COMPLETED', to: 'PENDING' },
      }),
      'fallback',
    );

    expect(lastToast()).toBe('Заявку нельзя перевести из её текущего статуса в выбранный.');
  });

  it('uses the fallback when the failure carries no server text', () => {
    notify.failure(new Error('network down'), 'Не удалось сохранить.');

    expect(lastToast()).toBe('Не удалось сохранить.');
  });
});
