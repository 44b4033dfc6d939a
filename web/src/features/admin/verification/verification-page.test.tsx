import type { VerificationDetail, VerificationQueueItem } from '@shared/contract/verification';
import {
  adminDecideVerification,
  adminGetVerification,
  adminListVerifications,
} from '@shared/routes/verification';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, ok } from '@web/testing/fake-api';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderAdmin, startI18n } from '../test-utils';
import { VerificationPage } from './verification-page';

const PENDING: VerificationQueueItem = {
  id: 'r1',
  kind: 'card',
  state: 'pending',
  userId: 'u1',
  email: 'anna@example.test',
  card: { bank: 'Sber', last4: '4242', holder: 'ANNA SMIRNOVA' },
  submittedAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
};
const DETAIL: VerificationDetail = {
  ...PENDING,
  code: '123456',
  reason: null,
  decidedBy: null,
  photos: [{ role: 'card', url: 'https://uploads.example/photo' }],
  photosDeletedAt: null,
};

beforeAll(startI18n);
afterEach(cleanup);

describe('the verification queue', () => {
  it('lists the requests to review and opens one with its photo and the code it must show', async () => {
    fakeApi()
      .answer(adminListVerifications, ok({ pending: [PENDING], decided: [] }))
      .answer(adminGetVerification, ok(DETAIL));
    renderAdmin(<VerificationPage />, { role: 'MANAGER', url: '/admin/verification' });

    fireEvent.click(await screen.findByRole('button', { name: 'Open' }));

    expect(await screen.findByText("The card's photo must show the code 123456.")).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Card beside the code' }).getAttribute('src')).toBe(
      'https://uploads.example/photo',
    );
  });

  it('rejects only with a reason, and sends it', async () => {
    const api = fakeApi()
      .answer(adminListVerifications, ok({ pending: [PENDING], decided: [] }))
      .answer(adminGetVerification, ok(DETAIL))
      .answer(adminDecideVerification, ok({ ...DETAIL, state: 'rejected' as const, reason: 'Blurred' }));
    renderAdmin(<VerificationPage />, { role: 'MANAGER', url: '/admin/verification' });
    fireEvent.click(await screen.findByRole('button', { name: 'Open' }));
    const reject = await screen.findByRole('button', { name: 'Reject' });
    expect((reject as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Reason for rejection (shown to the client)'), {
      target: { value: 'Blurred' },
    });
    fireEvent.click(reject);

    await waitFor(() => expect(api.requests(adminDecideVerification)).toHaveLength(1));
    expect(api.requests(adminDecideVerification)[0]!.body).toEqual({ decision: 'reject', reason: 'Blurred' });
  });
});
