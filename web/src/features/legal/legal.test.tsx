import { FROZEN_FUNDS_DOCUMENTATION_DAYS, MINIMUM_AGE, REFERRAL_COOKIE_DAYS } from '@shared/constants';
import type { Language } from '@shared/enums';
import { siteContent } from '@shared/routes/site-content';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { seedSiteContent } from '@web/components/site-content/content-slot';
import en from '@web/locales/en/legal.json';
import ru from '@web/locales/ru/legal.json';
import { resetSiteContent } from '@web/stores/site-content-store';
import { fakeApi, ok } from '@web/testing/fake-api';
import { setupTestI18n } from '@web/testing/i18n';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AmlKycPage, FaqPage, LicenseAgreementPage, PrivacyPolicyPage } from './index';
import {
  AML_KYC_SECTION_KEYS,
  FAQ_SECTION_KEYS,
  LICENSE_SECTION_KEYS,
  PRIVACY_SECTION_KEYS,
} from './sections';

const LICENSE_KEYS = [
  'risk_confirmation',
  'definitions',
  'general_provisions',
  'platform_use',
  'registration_verification',
  'rights_obligations',
  'warranties_representations',
  'announcements',
  'fees',
  'termination',
  'platform_information',
  'privacy',
  'dispute_resolution',
];

const PRIVACY_KEYS = [
  'introduction',
  'data_collection',
  'data_usage',
  'data_sharing',
  'cookies',
  'security',
  'user_rights',
  'changes',
  'consent',
];

type Resources = typeof en;
type DocKey = keyof Resources;

async function renderPage(ui: ReactElement, lng: 'en' | 'ru' = 'en') {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    resources: { en: { legal: en }, ru: { legal: ru } },
    ns: ['legal'],
    defaultNS: 'legal',
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}

function sectionTitles(resources: Resources, doc: DocKey, keys: readonly string[]): string[] {
  const sections = resources[doc].sections as Record<string, { title: string }>;
  return keys.map((key) => sections[key]!.title);
}

/** Every path through objects and arrays, e.g. `license.sections.fees.paragraphs.2`. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((item, i) => keyPaths(item, `${prefix}.${i}`))];
  if (typeof value === 'object' && value !== null) {
    return [prefix, ...Object.entries(value).flatMap(([key, item]) => keyPaths(item, `${prefix}.${key}`))];
  }
  return [prefix];
}

function allText(value: unknown): string {
  return JSON.stringify(value);
}

function mockMatchMedia(matches: boolean) {
  const matchMedia = vi.fn((query: string) => ({
    matches,
    media: query,
    onchange: null,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    addListener: vi.fn(),
    removeListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }));
  vi.stubGlobal('matchMedia', matchMedia);
}

beforeEach(() => {
  resetSiteContent();
  // Nobody wrote the documents' blocks: the built-in sections show.
  fakeApi().answer(siteContent, (request) =>
    ok({ language: request.query.language as Language, blocks: {} }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe.each([
  { name: 'LicenseAgreementPage', Page: LicenseAgreementPage, doc: 'license' as const, keys: LICENSE_KEYS },
  { name: 'PrivacyPolicyPage', Page: PrivacyPolicyPage, doc: 'privacy' as const, keys: PRIVACY_KEYS },
])('$name', ({ Page, doc, keys }) => {
  it(`renders ${keys.length} sections with the section keys as ids, in order, each with an h2`, async () => {
    const { container } = await renderPage(<Page />);
    const article = container.querySelector('article');
    expect(article).not.toBeNull();
    const sections = Array.from(article!.querySelectorAll('section'));
    expect(sections.map((section) => section.id)).toEqual(keys);
    const titles = sectionTitles(en, doc, keys);
    sections.forEach((section, i) => {
      const heading = section.querySelector('h2');
      expect(heading?.textContent).toBe(titles[i]);
      expect(section.getAttribute('aria-labelledby')).toBe(heading?.id);
      expect(section.querySelectorAll('p').length).toBeGreaterThanOrEqual(2);
    });
  });

  it('shows the title as the only h1 and the last-updated date', async () => {
    await renderPage(<Page />);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([en[doc].title]);
    const time = document.querySelector('time');
    expect(time?.getAttribute('datetime')).toBe('2026-11-24');
    expect(time?.parentElement?.textContent).toBe('Last updated: 24 November 2026');
  });

  it('has a contents navigation with one anchor link per section, in order', async () => {
    await renderPage(<Page />);
    const nav = screen.getByRole('navigation', { name: 'Contents' });
    expect(within(nav).getByRole('heading', { level: 2 }).textContent).toBe('Contents');
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(keys.map((key) => `#${key}`));
    expect(links.map((link) => link.textContent)).toEqual(sectionTitles(en, doc, keys));
    // Wide screen (no matchMedia match): the list is always shown and there is nothing to toggle.
    expect(within(nav).queryByRole('button')).toBeNull();
    expect(nav.querySelector('ol')?.hidden).toBe(false);
  });

  it('renders in Russian', async () => {
    const { container } = await renderPage(<Page />, 'ru');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(ru[doc].title);
    expect(screen.getByRole('navigation', { name: 'Содержание' })).toBeTruthy();
    expect(container.querySelector('time')?.textContent).toMatch(/^24 ноября 2026/);
    const headings = Array.from(container.querySelectorAll('section > h2')).map((h) => h.textContent);
    expect(headings).toEqual(sectionTitles(ru, doc, keys));
  });

  it('scrolls to the section named in the URL hash once rendered', async () => {
    const target = keys[keys.length - 1]!;
    window.history.replaceState(null, '', `/page#${target}`);
    const scrolled: string[] = [];
    const scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this.id);
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      await renderPage(<Page />);
      expect(scrolled).toEqual([target]);
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('collapses the contents behind a toggle on narrow screens', async () => {
    mockMatchMedia(true);
    await renderPage(<Page />);
    const nav = screen.getByRole('navigation', { name: 'Contents' });
    const toggle = within(nav).getByRole('button', { name: 'Contents' });
    const list = nav.querySelector('ol')!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(list.id);
    expect(list.hidden).toBe(true);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(list.hidden).toBe(false);

    act(() => {
      within(list).getAllByRole('link')[1]!.click();
    });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(list.hidden).toBe(true);
  });
});

describe.each([
  { name: 'FaqPage', Page: FaqPage, doc: 'faq' as const, keys: FAQ_SECTION_KEYS },
  { name: 'AmlKycPage', Page: AmlKycPage, doc: 'amlKyc' as const, keys: AML_KYC_SECTION_KEYS },
])('$name', ({ Page, doc, keys }) => {
  it.each([
    ['en', en],
    ['ru', ru],
  ] as const)(
    'renders its built-in sections in order under its title, with contents (%s)',
    async (lng, resources) => {
      const { container } = await renderPage(<Page />, lng);

      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(resources[doc].title);
      expect(Array.from(container.querySelectorAll('section')).map((section) => section.id)).toEqual([
        ...keys,
      ]);
      const headings = Array.from(container.querySelectorAll('section > h2')).map((h) => h.textContent);
      expect(headings).toEqual(sectionTitles(resources, doc, keys));
      const nav = screen.getByRole('navigation', { name: resources[doc].contents });
      expect(within(nav).getAllByRole('link')).toHaveLength(keys.length);
    },
  );
});

describe('a legal document staff wrote', () => {
  it('shows the written text in its block instead of the built-in sections', async () => {
    await setupTestI18n('en');
    const page = document.createElement('div');
    page.innerHTML =
      '<div data-content-slot="terms" data-content-custom=""><h2>Our terms</h2><p>Written.</p></div>';
    seedSiteContent(page, 'en');

    const { container } = await renderPage(<LicenseAgreementPage />);

    const body = container.querySelector('.legal-doc__body')!;
    expect(body.getAttribute('data-content-slot')).toBe('terms');
    expect(body.hasAttribute('data-content-custom')).toBe(true);
    expect(body.innerHTML).toBe('<h2>Our terms</h2><p>Written.</p>');
    expect(container.querySelectorAll('section')).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en.license.title);
  });
});

describe('legal.json', () => {
  it('has the same key structure in ru and en', () => {
    expect(keyPaths(ru)).toEqual(keyPaths(en));
  });

  it.each([
    ['en', en],
    ['ru', ru],
  ] as const)(
    '%s: sections match the section keys and every section has 2+ non-empty paragraphs',
    (_, resources) => {
      for (const [doc, keys] of [
        ['license', LICENSE_SECTION_KEYS],
        ['privacy', PRIVACY_SECTION_KEYS],
      ] as const) {
        expect(Object.keys(resources[doc].sections)).toEqual([...keys]);
        for (const key of keys) {
          const section = (
            resources[doc].sections as Record<string, { title: string; paragraphs: string[] }>
          )[key]!;
          expect(section.title.trim(), `${doc}.${key}.title`).not.toBe('');
          expect(section.paragraphs.length, `${doc}.${key}`).toBeGreaterThanOrEqual(2);
          expect(section.paragraphs.length, `${doc}.${key}`).toBeLessThanOrEqual(5);
          for (const paragraph of section.paragraphs) expect(paragraph.trim(), `${doc}.${key}`).not.toBe('');
        }
        expect(resources[doc].updated).toBe('2026-11-24');
      }
    },
  );

  it.each([
    ['en', en, /phone|single fiat/i],
    ['ru', ru, /телефон|одной фиатной/i],
  ] as const)(
    '%s: promises no phone and no single fiat currency (docs/decisions.md)',
    (_, resources, promise) => {
      expect(JSON.stringify(resources)).not.toMatch(promise);
    },
  );

  it.each([
    ['en', en],
    ['ru', ru],
  ] as const)('%s: the FAQ and the AML/KYC rules have their sections, none empty', (_, resources) => {
    for (const [doc, keys] of [
      ['faq', FAQ_SECTION_KEYS],
      ['amlKyc', AML_KYC_SECTION_KEYS],
    ] as const) {
      expect(Object.keys(resources[doc].sections)).toEqual([...keys]);
      for (const section of Object.values(resources[doc].sections)) {
        expect(section.title.trim()).not.toBe('');
        expect(section.paragraphs.length).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it('keeps the section constants in the order the spec lists', () => {
    expect([...LICENSE_SECTION_KEYS]).toEqual(LICENSE_KEYS);
    expect([...PRIVACY_SECTION_KEYS]).toEqual(PRIVACY_KEYS);
  });

  it.each([
    ['en', en],
    ['ru', ru],
  ] as const)('%s: states the terms the product relies on', (_, resources) => {
    const agreement = resources.license.sections;
    expect(allText(agreement.registration_verification)).toContain(String(MINIMUM_AGE));
    expect(allText(agreement.rights_obligations)).toContain(String(FROZEN_FUNDS_DOCUMENTATION_DAYS));
    expect(allText(agreement)).toContain('USDT');
    expect(allText(agreement)).toContain('TRC-20');
    expect(allText(resources.privacy.sections.cookies)).toContain(String(REFERRAL_COOKIE_DAYS));
    expect(allText(resources)).not.toMatch(/lorem|ipsum|TODO/i);
  });
});
