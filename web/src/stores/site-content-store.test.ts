import type { SiteContent } from '@shared/contract/site-content';
import { siteContent } from '@shared/routes/site-content';
import { fakeApi, ok, refused } from '@web/testing/fake-api';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadSiteContent, resetSiteContent, useSiteContentStore } from './site-content-store';

beforeEach(resetSiteContent);

const blocksIn = (language: 'ru' | 'en') => useSiteContentStore.getState().byLanguage[language];

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
    expect(blocksIn('ru')).toBeUndefined();
    await loadSiteContent('ru');

    expect(api.requests(siteContent)).toHaveLength(2);
    expect(blocksIn('ru')?.faq).toBeNull();
  });
});
