import name from '@shared/brand/names.json';
import { act, cleanup, render } from '@testing-library/react';
import enTexts from '@web/locales/en/common.json';
import ruTexts from '@web/locales/ru/common.json';
import { setupTestI18n } from '@web/testing/i18n';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pageMetaKey, useDocumentTitle } from './document-title';

/** The texts as shown: the brand's name (shared/brand/names.json) in place of `{{brand.ru}}`/`{{brand.en}}`. */
function branded<T>(texts: T): T {
  return JSON.parse(
    JSON.stringify(texts).replace(/\{\{brand\.(ru|en)\}\}/g, (_, language: 'ru' | 'en') => name[language]),
  ) as T;
}
const en = branded(enTexts);
const ru = branded(ruTexts);

function TitleOnly() {
  useDocumentTitle();
  return null;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <TitleOnly />
    </MemoryRouter>,
  );
}

const description = () => document.querySelector('meta[name="description"]')?.getAttribute('content');

describe('pageMetaKey', () => {
  it.each([
    ['/', 'home'],
    ['/privacy-policy', 'privacyPolicy'],
    ['/login/', 'login'],
    ['/forgot-password', 'forgotPassword'],
    ['/nowhere', 'notFound'],
    ['/apply/extra', 'notFound'],
    ['/apply', null],
    ['/profile', null],
    ['/reset-password', null],
    ['/admin', null],
    ['/admin/users/42', null],
    ['/applications/abcdef1234567890', null],
    ['/applications', 'notFound'],
  ])('titles %s with %s', (path, key) => {
    expect(pageMetaKey(path)).toBe(key);
  });
});

describe('useDocumentTitle', () => {
  beforeEach(async () => {
    await setupTestI18n('en');
    document.head.innerHTML = '<title>Served</title><meta name="description" content="Served">';
  });
  afterEach(cleanup);

  it("keeps a prerendered page's own title and description, in the UI language", async () => {
    renderAt('/privacy-policy');
    expect(document.title).toBe(en.meta.privacyPolicy.title);
    expect(description()).toBe(en.meta.privacyPolicy.description);

    await act(() => setupTestI18n('ru'));

    expect(document.title).toBe(ru.meta.privacyPolicy.title);
    expect(description()).toBe(ru.meta.privacyPolicy.description);
  });

  it('titles a path no route knows as the 404 page', () => {
    renderAt('/no-such-page');
    expect(document.title).toBe(en.meta.notFound.title);
    expect(description()).toBe(en.meta.notFound.description);
  });

  it('titles a client-rendered route with the brand and leaves the description served', () => {
    renderAt('/apply');
    expect(document.title).toBe(en.brand.title);
    expect(description()).toBe('Served');
  });
});
