import {
  CONTENT_CUSTOM_ATTRIBUTE,
  CONTENT_SLOT_ATTRIBUTE,
  type SiteContent,
} from '@shared/contract/site-content';
import { siteContent } from '@shared/routes/site-content';
import { act, render, screen, waitFor } from '@testing-library/react';
import { i18n } from '@web/lib/i18n';
import { resetSiteContent, siteBlock } from '@web/stores/site-content-store';
import { useToastStore } from '@web/stores/toast-store';
import { fakeApi, ok, refused } from '@web/testing/fake-api';
import { setupTestI18n } from '@web/testing/i18n';
import { beforeEach, describe, expect, it } from 'vitest';
import { ContentSlot, seedSiteContent } from './content-slot';

beforeEach(async () => {
  await setupTestI18n('en');
  resetSiteContent();
});

/** A prerendered page's slots, as the server's publishing leaves them, seeded as main.tsx does. */
function seed(language: 'ru' | 'en', slots: string) {
  const page = document.createElement('div');
  page.innerHTML = slots;
  seedSiteContent(page, language);
}

const slotOf = (container: HTMLElement) => container.querySelector('[data-content-slot]') as HTMLElement;

describe('seeding from a prerendered page', () => {
  it('records a written block as the HTML it holds and a built-in one as null, in the page language', () => {
    seed(
      'ru',
      '<div data-content-slot="faq" data-content-custom=""><h2>Вопрос</h2><p>Ответ</p></div>' +
        '<section><div data-content-slot="terms"><p>Встроенный текст</p></div></section>',
    );

    expect(siteBlock('ru', 'faq')).toBe('<h2>Вопрос</h2><p>Ответ</p>');
    expect(siteBlock('ru', 'terms')).toBeNull();
    expect(siteBlock('ru', 'privacy')).toBeUndefined();
    expect(siteBlock('en', 'faq')).toBeUndefined();
  });

  it('hydrates the slots exactly as the page holds them, written and built-in, and asks nothing', async () => {
    const api = fakeApi();
    const held =
      '<div class="content-slot place" data-content-slot="faq" data-content-custom=""><h2>Asked</h2><p>Answered</p></div>' +
      '<div class="content-slot place" data-content-slot="terms"><p>Built-in terms</p></div>';
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = held;
    seedSiteContent(container, 'en');
    const recoverableErrors: unknown[] = [];

    await act(async () => {
      render(
        <>
          <ContentSlot block="faq" className="place">
            <p>Built-in FAQ</p>
          </ContentSlot>
          <ContentSlot block="terms" className="place">
            <p>Built-in terms</p>
          </ContentSlot>
        </>,
        { container, hydrate: true, onRecoverableError: (error) => recoverableErrors.push(error) },
      );
    });

    expect(recoverableErrors).toEqual([]);
    expect(container.innerHTML).toBe(held);
    expect(api.fetch).not.toHaveBeenCalled();
  });
});

describe('ContentSlot', () => {
  it('shows the built-in text of a block the page holds unwritten, and asks nothing', () => {
    const api = fakeApi();
    seed('en', '<div data-content-slot="faq"><p>Built-in</p></div>');

    const { container } = render(
      <ContentSlot block="faq" className="faq-body">
        <p>Built-in</p>
      </ContentSlot>,
    );

    const slot = slotOf(container);
    expect(slot.outerHTML).toBe(
      '<div class="content-slot faq-body" data-content-slot="faq"><p>Built-in</p></div>',
    );
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('shows the written HTML, marked custom, instead of the built-in text', () => {
    fakeApi();
    seed('en', '<div data-content-slot="terms" data-content-custom=""><h2>Terms</h2><p>Written</p></div>');

    const { container } = render(
      <ContentSlot block="terms" className="place">
        <p>Built-in</p>
      </ContentSlot>,
    );

    // The attributes the server's publishing writes and finds (functions/domain/site-content/pages.ts).
    const slot = slotOf(container);
    expect(slot.getAttribute(CONTENT_SLOT_ATTRIBUTE)).toBe('terms');
    expect(slot.hasAttribute(CONTENT_CUSTOM_ATTRIBUTE)).toBe(true);
    expect(slot.innerHTML).toBe('<h2>Terms</h2><p>Written</p>');
    expect(screen.queryByText('Built-in')).toBeNull();
  });

  it('shows the built-in text until the language is read, then the written one; once for every slot', async () => {
    const api = fakeApi().answer(
      siteContent,
      ok<SiteContent>({ language: 'en', blocks: { 'landing.hero': '<h1>Written</h1>' } }),
    );

    const { container } = render(
      <>
        <ContentSlot block="landing.hero" className="place">
          <h1>Built-in title</h1>
        </ContentSlot>
        <ContentSlot block="landing.cities" className="place">
          Built-in cities
        </ContentSlot>
      </>,
    );

    expect(screen.getByText('Built-in title')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Written' })).toBeTruthy();
    const [hero, cities] = [...container.querySelectorAll('[data-content-slot]')];
    expect(hero!.hasAttribute('data-content-custom')).toBe(true);
    expect(cities!.hasAttribute('data-content-custom')).toBe(false);
    expect(cities!.textContent).toBe('Built-in cities');
    expect(api.requests(siteContent).map((request) => request.query)).toEqual([{ language: 'en' }]);
  });

  it('reads the other language once when the UI language changes', async () => {
    const api = fakeApi().answer(siteContent, (request) =>
      ok<SiteContent>({
        language: request.query.language as 'ru' | 'en',
        blocks: request.query.language === 'ru' ? { faq: '<p>Написано</p>' } : {},
      }),
    );
    render(
      <ContentSlot block="faq" className="place">
        Built-in
      </ContentSlot>,
    );
    await waitFor(() => expect(api.requests(siteContent)).toHaveLength(1));

    await act(() => i18n.changeLanguage('ru'));

    expect(await screen.findByText('Написано')).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByText('Built-in')).toBeTruthy();
    expect(api.requests(siteContent).map((request) => request.query.language)).toEqual(['en', 'ru']);
  });

  it('keeps the built-in text, without a toast, when the read fails', async () => {
    const api = fakeApi().answer(siteContent, refused(500, 'Internal error'));

    render(
      <ContentSlot block="privacy" className="place">
        Built-in privacy
      </ContentSlot>,
    );

    await waitFor(() => expect(api.requests(siteContent)).toHaveLength(1));
    expect(screen.getByText('Built-in privacy')).toBeTruthy();
    expect(useToastStore.getState().toasts).toEqual([]);
  });
});
