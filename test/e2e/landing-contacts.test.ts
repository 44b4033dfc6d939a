import contacts from '@shared/brand/contacts.json';
import names from '@shared/brand/names.json';
import { describe, expect, it } from 'vitest';
import { screenshot, siteUrl, useBrowser, waitForApp } from './support/browser';

/**
 * The landing page shows the office's own contacts and name, as set in
 * shared/brand/, in the prerendered page (no script needed) and after hydration.
 */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

const TITLE = { ru: 'Контакты', en: 'Contacts' } as const;

describe('the app shell', () => {
  it("is titled with the brand's name, as client-rendered pages show it before the app titles them", async () => {
    const shell = await (await fetch(siteUrl('/profile'))).text();
    expect(shell).toContain(`<title>${names.ru}</title>`);
    expect(shell).not.toContain('%BRAND_NAME%');
  });
});

describe("the landing page's contacts", () => {
  it.each([
    [375, 'ru'],
    [375, 'en'],
    [1280, 'ru'],
    [1280, 'en'],
  ] as const)('are in the prerendered page and stay after hydration (%i px, %s)', async (width, language) => {
    const handle = contacts.telegram.replace(/^@/, '');
    for (const javaScript of [false, true]) {
      const page = await newPage({ width, language, javaScript });
      await page.goto(siteUrl(`/?lang=${language}`));
      if (javaScript) await waitForApp(page);
      const section = page.getByRole('region', { name: TITLE[language] });
      expect(await section.getByRole('link', { name: `@${handle}` }).getAttribute('href')).toBe(
        `https://t.me/${handle}`,
      );
      expect(await page.locator('.site-footer').textContent()).toContain(names[language]);
      expect(await page.title()).toContain(names[language]);
      if (javaScript) {
        await section.scrollIntoViewIfNeeded();
        await screenshot(page, `site/landing-contacts-${width}-${language}`);
      }
    }
  });
});
