import { describe, expect, it } from 'vitest';
import { type DetectionSources, detectLanguage } from './language-detector';

const none: DetectionSources = {
  stored: null,
  browser: [],
  htmlTag: null,
  pathname: '/',
  hostname: 'localhost',
};

describe('language detection', () => {
  it('prefers the stored choice over everything else', () => {
    expect(detectLanguage({ ...none, stored: 'en', browser: ['ru-RU'], htmlTag: 'ru' })).toBe('en');
  });

  it('uses the browser language next, ignoring region and unsupported languages', () => {
    expect(detectLanguage({ ...none, browser: ['de-DE', 'en-GB'], htmlTag: 'ru' })).toBe('en');
  });

  it('then the html tag, the path and the subdomain', () => {
    expect(detectLanguage({ ...none, htmlTag: 'en' })).toBe('en');
    expect(detectLanguage({ ...none, pathname: '/en/login' })).toBe('en');
    expect(detectLanguage({ ...none, hostname: 'en.exchange.example' })).toBe('en');
  });

  it('falls back to Russian', () => {
    expect(detectLanguage({ ...none, browser: ['fr-FR'], stored: 'xx' })).toBe('ru');
  });
});
