import { SITE_BLOCKS, type SiteContent } from '@shared/contract/site-content';
import { siteContent } from '@shared/routes/site-content';
import { fakeApi, ok, refused } from '@web/testing/fake-api';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadSiteContent, resetSiteContent, seedSiteBlock, siteBlock } from './site-content-store';

beforeEach(resetSiteContent);

/** Every block's text in a language, as the slots read them. */
const blocksIn = (language: 'ru' | 'en') =>
  Object.fromEntries(SITE_BLOCKS.map((block) => [block, siteBlock(language, block)]));

describe('loading a language', () => {
  it('asks once for any number of callers and marks the blocks not written as built-in', async () => {
    const api = fakeApi().answer(
      siteContent,
      ok<SiteContent>({ language: 'en', blocks: { faq: '<p>Written</p>' } }),
    );

    await Promise.all([loadSiteContent('en'), loadSiteContent('en')]);
    await loadSiteContent('en');

    expect(api.requests(siteContent).map((request) => request.query)).toEqual([{ language: 'en' }]);
    expect(blocksIn('en')).toEqual({
      'landing.hero': null,
      'landing.features': null,
      'landing.cities': null,
      'landing.news': null,
      faq: '<p>Written</p>',
      'aml-kyc': null,
      terms: null,
      privacy: null,
    });
  });

  it('asks again after a failed read, which left the blocks unknown', async () => {
    const api = fakeApi().answer(
      siteContent,
      refused(503, 'Service unavailable'),
      ok<SiteContent>({ language: 'ru', blocks: {} }),
    );

    await loadSiteContent('ru');
    expect(Object.values(blocksIn('ru')).every((text) => text === undefined)).toBe(true);
    await loadSiteContent('ru');

    expect(api.requests(siteContent)).toHaveLength(2);
    expect(siteBlock('ru', 'faq')).toBeNull();
  });

  it("takes the answer over what a page held, in the answer's language only", async () => {
    fakeApi().answer(siteContent, ok<SiteContent>({ language: 'en', blocks: { terms: '<p>Newer</p>' } }));
    seedSiteBlock('en', 'terms', null);
    seedSiteBlock('en', 'faq', '<p>Held</p>');
    seedSiteBlock('ru', 'faq', '<p>Написано</p>');

    await loadSiteContent('en');

    expect(siteBlock('en', 'terms')).toBe('<p>Newer</p>');
    expect(siteBlock('en', 'faq')).toBeNull();
    expect(siteBlock('ru', 'faq')).toBe('<p>Написано</p>');
  });
});
