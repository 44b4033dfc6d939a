import { TICKER_COIN_CHOICES } from '@shared/constants';
import type { ManagerOption } from '@shared/contract/admin-users';
import { type AdminSiteContent, SITE_BLOCKS, type SiteBlockEntry } from '@shared/contract/site-content';
import { adminListManagers } from '@shared/routes/admin-users';
import type { ReplyData } from '@shared/routes/definition';
import {
  adminSiteContent,
  chooseTickerCoins,
  previewSiteBlock,
  saveSiteBlock,
} from '@shared/routes/site-content';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useToastStore } from '@web/stores/toast-store';
import { fakeApi, ok, refused } from '@web/testing/fake-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderAdmin, startI18n } from '../test-utils';
import { SiteContentPage } from './site-content-page';

beforeAll(async () => {
  await startI18n();
});

const FAQ_RU: SiteBlockEntry = {
  block: 'faq',
  language: 'ru',
  markdown: '## Как оплатить?\n\nПо реквизитам.',
  html: '<h2>Как оплатить?</h2>\n<p>По реквизитам.</p>\n',
  updatedAt: '2026-11-30T09:00:00.000Z',
  updatedBy: 'staff-anna',
};
const CONTENT: AdminSiteContent = {
  entries: [FAQ_RU],
  publishedAt: '2026-11-30T09:00:05.000Z',
  tickerCoins: [],
  tickerCoinChoices: [],
};
const ANNA: ManagerOption = { id: 'staff-anna', username: 'anna', email: 'anna@example.test', role: 'ADMIN' };
type Saved = ReplyData<typeof saveSiteBlock>;
type Chosen = ReplyData<typeof chooseTickerCoins>;

function answerContent(content: AdminSiteContent = CONTENT) {
  return fakeApi()
    .answer(adminSiteContent, ok(content))
    .answer(adminListManagers, ok([ANNA]));
}

const openEditor = (block: string) =>
  renderAdmin(<SiteContentPage />, { url: `/admin/pages?block=${block}` });
const textOf = (language: 'Russian' | 'English') => screen.findByLabelText(`Text in Markdown, ${language}`);
const toasts = () => useToastStore.getState().toasts.map((toast) => toast.message);

describe('the pages list', () => {
  it('shows every block with the languages written, by whom, and the built-in ones, each opening its editor', async () => {
    answerContent();
    renderAdmin(<SiteContentPage />, { url: '/admin/pages' });

    const table = within(await screen.findByRole('table', { name: 'Blocks of the site' }));
    expect(table.getAllByRole('row')).toHaveLength(SITE_BLOCKS.length + 1); // the header row and one per block
    const faq = table.getByRole('rowheader', { name: /^FAQ/ }).closest('tr') as HTMLTableRowElement;
    const [russian, english] = within(faq).getAllByRole('cell');
    expect(russian!.textContent).toContain('anna');
    expect(english!.textContent).toBe('Built-in text');
    fireEvent.click(within(faq).getByRole('button', { name: 'Edit FAQ' }));
    expect(await screen.findByRole('heading', { name: 'FAQ', level: 2 })).toBeTruthy();
    expect(screen.getByLabelText('Text in Markdown, English')).toBeTruthy();
  });
});

describe("a block's editor", () => {
  it('starts from the stored Markdown of each language, empty where the built-in text shows', async () => {
    answerContent();
    openEditor('faq');

    fireEvent.click(await screen.findByRole('button', { name: 'Russian' }));
    expect(((await textOf('Russian')) as HTMLTextAreaElement).value).toBe(FAQ_RU.markdown);
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(((await textOf('English')) as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByText('Nothing is written in English: the site shows its built-in text.')).toBeTruthy();
  });

  it('previews the Markdown as the server renders it', async () => {
    const api = answerContent().answer(
      previewSiteBlock,
      ok({ html: '<h2>Limits</h2><p><strong>Yes</strong></p>' }),
    );
    openEditor('aml-kyc');

    fireEvent.change(await textOf('English'), { target: { value: '## Limits\n\n**Yes**' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));

    const preview = within(await screen.findByRole('region', { name: 'As the site will show it (English)' }));
    expect(preview.getByRole('heading', { name: 'Limits' })).toBeTruthy();
    expect(preview.getByText('Yes').tagName).toBe('STRONG');
    expect(api.requests(previewSiteBlock).map((request) => request.body)).toEqual([
      { markdown: '## Limits\n\n**Yes**' },
    ]);
  });

  it('saves the language shown, and says when the pages will take it', async () => {
    const api = answerContent().answer(
      saveSiteBlock,
      ok<Saved>({
        block: 'terms',
        language: 'en',
        entry: { ...FAQ_RU, block: 'terms', language: 'en', markdown: '# Terms' },
        published: false,
      }),
    );
    openEditor('terms');

    fireEvent.change(await textOf('English'), { target: { value: '# Terms' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(toasts()).toEqual(["Saved. The site's pages will take it within a few minutes."]),
    );
    expect(api.requests(saveSiteBlock)).toEqual([
      expect.objectContaining({ params: { block: 'terms' }, body: { language: 'en', markdown: '# Terms' } }),
    ]);
    // The list is read again: which languages are written, and when the pages took them.
    expect(api.requests(adminSiteContent)).toHaveLength(2);
  });

  it('shows the refused text under the field', async () => {
    answerContent().answer(
      saveSiteBlock,
      refused(400, 'Validation failed.', {
        errors: [
          {
            path: 'markdown',
            param: 'markdown',
            code: 'siteBlockMarkdown',
            msg: 'The text may be at most 60000 characters long.',
            params: { max: 60000 },
          },
        ],
      }),
    );
    openEditor('privacy');

    const text = await textOf('English');
    fireEvent.change(text, { target: { value: 'Too long, the server says' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(text.getAttribute('aria-invalid')).toBe('true'));
    const errorId = text
      .getAttribute('aria-describedby')!
      .split(' ')
      .find((id) => id.endsWith('-error'))!;
    expect(document.getElementById(errorId)?.textContent).toBe(
      'The text may be at most 60,000 characters long.',
    );
    expect(toasts()).toEqual([]);
  });

  it('takes a language back to the built-in text after a confirmation', async () => {
    const api = answerContent().answer(
      saveSiteBlock,
      ok<Saved>({ block: 'faq', language: 'ru', entry: null, published: true }),
    );
    openEditor('faq');
    fireEvent.click(await screen.findByRole('button', { name: 'Russian' }));

    fireEvent.click(screen.getByRole('button', { name: 'Back to the built-in text' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Back to the built-in text?' }));
    expect(api.requests(saveSiteBlock)).toEqual([]);
    fireEvent.click(dialog.getByRole('button', { name: 'Remove the written text' }));

    await waitFor(() => expect(toasts()).toEqual(['The built-in text is back. The site shows it now.']));
    expect(api.requests(saveSiteBlock).map((request) => request.body)).toEqual([
      { language: 'ru', markdown: '' },
    ]);
    expect(((await textOf('Russian')) as HTMLTextAreaElement).value).toBe('');
  });
});

describe("the ticker's coins", () => {
  const TICKER: AdminSiteContent = {
    ...CONTENT,
    tickerCoins: ['tron', 'bitcoin', 'the-open-network'],
    tickerCoinChoices: [...TICKER_COIN_CHOICES],
  };
  const openTicker = async (content: AdminSiteContent = TICKER) => {
    const api = answerContent(content);
    renderAdmin(<SiteContentPage />, { url: '/admin/pages' });
    return { api, card: within(await screen.findByRole('region', { name: 'Price ticker' })) };
  };
  const shown = (card: ReturnType<typeof within>) =>
    within(card.getByRole('list', { name: 'Coins in the ticker' }))
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.ticker-card__name')!.textContent!.replace(/^\d+\.\s*/, ''));

  it('shows the chosen coins in their order by name, and says an empty list hides the ticker', async () => {
    const { card } = await openTicker();

    expect(shown(card)).toEqual(['TRON (TRX)', 'Bitcoin (BTC)', 'Toncoin (TON)']);
    expect(card.getByText(/An empty list hides the ticker/)).toBeTruthy();
    // The first cannot go up, the last cannot go down; nothing changed, nothing to save.
    expect((card.getByRole('button', { name: 'Move TRON (TRX) up' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(
      (card.getByRole('button', { name: 'Move Toncoin (TON) down' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect((card.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    // The other choices are offered to add, in their order.
    const select = card.getByLabelText('Coin to add') as HTMLSelectElement;
    expect([...select.options].map((option) => option.value)).toEqual(
      TICKER_COIN_CHOICES.filter((coin) => !TICKER.tickerCoins.includes(coin)),
    );
    expect(select.options[select.selectedIndex]!.textContent).toBe('Ethereum (ETH)');
  });

  it('moves, removes and adds coins, and saves exactly the list in its order', async () => {
    const { api, card } = await openTicker();
    api.answer(chooseTickerCoins, ok<Chosen>({ coins: ['bitcoin', 'tron', 'avalanche-2'] }));

    fireEvent.click(card.getByRole('button', { name: 'Move Bitcoin (BTC) up' }));
    expect(shown(card)).toEqual(['Bitcoin (BTC)', 'TRON (TRX)', 'Toncoin (TON)']);
    // At the top its up button is disabled: the keyboard's focus goes to its down button.
    expect(document.activeElement).toBe(card.getByRole('button', { name: 'Move Bitcoin (BTC) down' }));
    expect(screen.getByRole('status').textContent).toBe('Bitcoin (BTC) is now 1 of 3.');

    fireEvent.click(card.getByRole('button', { name: 'Remove Toncoin (TON)' }));
    expect(shown(card)).toEqual(['Bitcoin (BTC)', 'TRON (TRX)']);

    const select = card.getByLabelText('Coin to add') as HTMLSelectElement;
    expect([...select.options].map((option) => option.value)).toContain('the-open-network');
    fireEvent.change(select, { target: { value: 'avalanche-2' } });
    fireEvent.click(card.getByRole('button', { name: 'Add' }));
    expect(shown(card)).toEqual(['Bitcoin (BTC)', 'TRON (TRX)', 'Avalanche (AVAX)']);
    expect([...select.options].map((option) => option.value)).not.toContain('avalanche-2');

    fireEvent.click(card.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(toasts()).toEqual(["Saved. The home page's ticker shows these coins within a minute or two."]),
    );
    expect(api.requests(chooseTickerCoins).map((request) => request.body)).toEqual([
      { coins: ['bitcoin', 'tron', 'avalanche-2'] },
    ]);
    // Saved: nothing left to save until the next change.
    expect((card.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('saves an empty list: no ticker', async () => {
    const { api, card } = await openTicker({ ...TICKER, tickerCoins: ['bitcoin'] });
    api.answer(chooseTickerCoins, ok<Chosen>({ coins: [] }));

    fireEvent.click(card.getByRole('button', { name: 'Remove Bitcoin (BTC)' }));
    expect(card.queryByRole('list')).toBeNull();
    expect(card.getByText('No coins: the home page shows no ticker.')).toBeTruthy();
    // Nothing left in the list: the focus goes to the coins to add.
    expect(document.activeElement).toBe(card.getByLabelText('Coin to add'));
    fireEvent.click(card.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(toasts()).toEqual(['Saved. The ticker leaves the home page within a minute or two.']),
    );
    expect(api.requests(chooseTickerCoins).map((request) => request.body)).toEqual([{ coins: [] }]);
  });

  it('shows the refused rule under the list, not as a toast', async () => {
    const { api, card } = await openTicker();
    api.answer(
      chooseTickerCoins,
      refused(400, 'Validation failed.', {
        errors: [
          {
            path: 'coins',
            param: 'coins',
            code: 'tickerCoinTwice',
            msg: 'Each coin once.',
          },
        ],
      }),
    );

    fireEvent.click(card.getByRole('button', { name: 'Move TRON (TRX) down' }));
    fireEvent.click(card.getByRole('button', { name: 'Save' }));

    const alert = await card.findByRole('alert');
    expect(alert.textContent).toBe('Each coin may be chosen once.');
    expect(card.getByRole('list', { name: 'Coins in the ticker' }).getAttribute('aria-describedby')).toBe(
      alert.id,
    );
    expect(toasts()).toEqual([]);
    expect(api.requests(chooseTickerCoins).map((request) => request.body)).toEqual([
      { coins: ['bitcoin', 'tron', 'the-open-network'] },
    ]);
  });

  it('says a refusal of anything else as a toast', async () => {
    const { api, card } = await openTicker();
    api.answer(chooseTickerCoins, refused(403, 'Forbidden.'));

    fireEvent.click(card.getByRole('button', { name: 'Remove TRON (TRX)' }));
    fireEvent.click(card.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(toasts()).toEqual(['Forbidden.']));
    expect(card.queryByRole('alert')).toBeNull();
  });
});
