import type { MyVerification } from '@shared/contract/verification';
import { addMyCard, getMyVerification, startVerification } from '@shared/routes/verification';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { fakeApi, ok } from '@web/testing/fake-api';
import { setupTestI18n } from '@web/testing/i18n';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VerificationPage } from './verification-page';

const CARD = {
  id: 'c1',
  bank: 'Sber',
  last4: '4242',
  holder: 'ANNA SMIRNOVA',
  status: 'rejected' as const,
  request: { id: 'r1', state: 'rejected' as const, code: '111111', reason: 'Cover the middle digits' },
  createdAt: '2026-11-20T10:00:00.000Z',
};
const MINE: MyVerification = {
  tier: 'email',
  cards: [CARD],
  identity: { status: 'unverified' as const, request: null },
};

beforeAll(async () => {
  await setupTestI18n('en');
});
afterEach(cleanup);

const open = () =>
  render(
    <MemoryRouter>
      <VerificationPage />
    </MemoryRouter>,
  );

describe('the cards and verification page', () => {
  it('shows each card with its badge and the reason it was rejected', async () => {
    fakeApi().answer(getMyVerification, ok(MINE));
    open();

    expect(await screen.findByText('Rejected: Cover the middle digits')).toBeTruthy();
    expect(screen.getByText('Rejected')).toBeTruthy();
    expect(screen.getByText('Your verification level: email confirmed.')).toBeTruthy();
  });

  it('shows the code to photograph the card beside once verification starts', async () => {
    fakeApi()
      .answer(getMyVerification, ok(MINE))
      .answer(
        startVerification,
        ok({
          id: 'r2',
          kind: 'card' as const,
          state: 'awaitingPhotos' as const,
          code: '654321',
          photos: ['card' as const],
        }),
      );
    open();

    fireEvent.click(await screen.findByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('654321')).toBeTruthy();
    expect(screen.getByLabelText('Card photo')).toBeTruthy();
  });

  it('adds a card by bank, last four digits and holder', async () => {
    const api = fakeApi()
      .answer(getMyVerification, ok({ ...MINE, cards: [] }))
      .answer(addMyCard, ok({ ...CARD, id: 'c2', status: 'unverified' as const, request: null }));
    open();
    await screen.findByText('No cards yet.');

    fireEvent.change(screen.getByLabelText('Bank'), { target: { value: 'Sber' } });
    fireEvent.change(screen.getByLabelText('Last four digits'), { target: { value: '4242' } });
    fireEvent.change(screen.getByLabelText("Holder's name (as on the card)"), {
      target: { value: 'ANNA SMIRNOVA' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add card' }));

    await waitFor(() => expect(api.requests(addMyCard)).toHaveLength(1));
    expect(api.requests(addMyCard)[0]!.body).toEqual({
      bank: 'Sber',
      last4: '4242',
      holder: 'ANNA SMIRNOVA',
    });
  });
});
