import { render, screen } from '@testing-library/react';
import { i18n } from '@web/lib/i18n';
import { setupTestI18n } from '@web/testing/i18n';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChainCheckNote } from './chain-check-note';

/** What the order page tells the client about their USDT hash read on chain, in each language. */
const AT = '2026-11-20T10:10:00.000Z';

beforeAll(async () => {
  await setupTestI18n('en');
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the on-chain check on the order page', () => {
  it('says the payment is confirmed when the transaction matched', () => {
    render(<ChainCheckNote check={{ state: 'matched', at: AT }} />);
    expect(screen.getByRole('status').textContent).toContain('your payment is confirmed');
  });

  it('states why a transaction does not match', () => {
    render(<ChainCheckNote check={{ state: 'mismatch', reason: 'wrongWallet', at: AT }} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Your transaction does not match the payment asked: it was sent to another address. Staff will look into it; you can write to them in the messages below.',
    );
  });

  it('says it could not be checked yet, and why, in Russian too', async () => {
    const { unmount } = render(
      <ChainCheckNote check={{ state: 'unverified', reason: 'notFinal', at: AT }} />,
    );
    expect(screen.getByRole('status').textContent).toContain('it is not final on chain yet');
    unmount();
    await i18n.changeLanguage('ru');
    render(<ChainCheckNote check={{ state: 'mismatch', reason: 'wrongAmount', at: AT }} />);
    expect(screen.getByRole('status').textContent).toContain('её сумма отличается от суммы к оплате');
  });
});
