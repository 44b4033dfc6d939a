import type { ManagerOption } from '@shared/contract/admin-users';
import type { AdminSiteContent, SiteBlockEntry } from '@shared/contract/site-content';
import { adminListManagers } from '@shared/routes/admin-users';
import type { ReplyData } from '@shared/routes/definition';
import { adminSiteContent, previewSiteBlock, saveSiteBlock } from '@shared/routes/site-content';
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
    expect(table.getAllByRole('row')).toHaveLength(8);
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
