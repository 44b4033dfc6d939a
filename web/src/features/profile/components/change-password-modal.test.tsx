import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { newPasswordProblem } from '@web/lib/password-rules';
import { fakeApi } from '@web/testing/fake-api';
import { setupTestI18n } from '@web/testing/i18n';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChangePasswordModal } from './change-password-modal';

beforeAll(async () => {
  await setupTestI18n('ru');
  // The password rules load with the first check (the common-password list): load them before the tests.
  await newPasswordProblem('');
});
afterEach(cleanup);

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('change password', () => {
  it.each([
    ['eight spaces', ' '.repeat(8), 'Пароль не может состоять только из пробелов.'],
    ['a NUL character', 'Long-enough\u0000', 'Пароль не должен содержать управляющих символов.'],
    ['a common password', 'qwerty123', 'Это один из самых распространённых паролей. Выберите другой.'],
  ])('refuses a new password of %s before sending it, in the UI language', async (_case, password, text) => {
    const api = fakeApi();
    render(<ChangePasswordModal open onClose={() => {}} />);

    fill('Текущий пароль', 'Current-pass-1');
    fill('Новый пароль', password);
    fill('Подтвердите новый пароль', password);
    fireEvent.click(screen.getByRole('button', { name: 'Сменить пароль' }));

    expect(await screen.findByText(text)).toBeTruthy();
    expect(api.fetch).not.toHaveBeenCalled();
  });
});
