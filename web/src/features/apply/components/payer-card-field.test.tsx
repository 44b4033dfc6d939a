import type { MyVerification } from '@shared/contract/verification';
import { getMyVerification } from '@shared/routes/verification';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { fakeApi, ok } from '@web/testing/fake-api';
import { setupTestI18n } from '@web/testing/i18n';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PayerCardField } from './payer-card-field';

const card = (id: string, last4: string, status: 'verified' | 'unverified') => ({
  id,
  bank: 'Sber',
  last4,
  holder: 'IVAN PETROV',
  status,
  request: null,
  createdAt: '2026-11-20T10:00:00.000Z',
});
const mine = (cards: MyVerification['cards']): MyVerification => ({
  tier: 'email',
  cards,
  identity: { status: 'unverified', request: null },
});

beforeAll(async () => {
  await setupTestI18n('en');
});
afterEach(cleanup);

describe('the apply form’s payer card', () => {
  it('reads the cards only when asked, and lists each with its standing', async () => {
    const api = fakeApi().answer(
      getMyVerification,
      ok(mine([card('c1', '4242', 'verified'), card('c2', '1111', 'unverified')])),
    );
    render(
      <MemoryRouter>
        <PayerCardField value="" onChange={vi.fn()} />
      </MemoryRouter>,
    );
    expect(api.requests(getMyVerification)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Choose the card you pay from' }));

    expect(await screen.findByRole('option', { name: 'Sber •••• 4242 (verified)' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Sber •••• 1111 (not verified)' })).toBeTruthy();
  });

  it('chooses the only card there is', async () => {
    fakeApi().answer(getMyVerification, ok(mine([card('c1', '4242', 'verified')])));
    const onChange = vi.fn();
    render(
      <MemoryRouter>
        <PayerCardField value="" onChange={onChange} />
      </MemoryRouter>,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Choose the card you pay from' }));

    await waitFor(() => expect(onChange).toHaveBeenCalledWith('c1'));
  });
});
