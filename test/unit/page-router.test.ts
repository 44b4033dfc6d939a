import { routePage } from '@infra/edge/page-router';
import { describe, expect, it } from 'vitest';

const cookie = (value: string) => ({ language: { value } });
const acceptLanguage = (value: string) => ({ 'accept-language': { value } });

describe('the page router (CloudFront Function, run as CloudFront runs it)', () => {
  it('serves each public page prerendered, and any unknown path the 404 page', () => {
    expect(routePage({ uri: '/' })).toBe('/ru/index.html');
    expect(routePage({ uri: '/license-agreement' })).toBe('/ru/license-agreement.html');
    expect(routePage({ uri: '/privacy-policy/' })).toBe('/ru/privacy-policy.html');
    expect(routePage({ uri: '/faq' })).toBe('/ru/faq.html');
    expect(routePage({ uri: '/aml-kyc', cookies: cookie('en') })).toBe('/en/aml-kyc.html');
    expect(routePage({ uri: '/rates' })).toBe('/ru/rates.html');
    expect(routePage({ uri: '/rates', cookies: cookie('en') })).toBe('/en/rates.html');
    expect(routePage({ uri: '/login' })).toBe('/ru/login.html');
    expect(routePage({ uri: '/register' })).toBe('/ru/register.html');
    expect(routePage({ uri: '/forgot-password' })).toBe('/ru/forgot-password.html');
    expect(routePage({ uri: '/no/such/page' })).toBe('/ru/404.html');
    expect(routePage({ uri: '/constructor' })).toBe('/ru/404.html');
  });

  it('gives logged-in, admin and token routes the client-rendered app shell', () => {
    for (const uri of [
      '/apply',
      '/profile',
      '/admin',
      '/admin/users/42',
      '/reset-password',
      '/verify-email',
    ]) {
      expect(routePage({ uri, cookies: cookie('en') }), uri).toBe('/index.html');
    }
    expect(routePage({ uri: '/administrator' })).toBe('/ru/404.html');
  });

  it('leaves files alone', () => {
    expect(routePage({ uri: '/assets/index-abc123.js' })).toBe('/assets/index-abc123.js');
    expect(routePage({ uri: '/ru/index.html' })).toBe('/ru/index.html');
    expect(routePage({ uri: '/favicon.svg' })).toBe('/favicon.svg');
  });

  it('chooses the language: ?lang, then the cookie, then Accept-Language by weight, then ru', () => {
    const headers = acceptLanguage('de-DE,de;q=0.9,en-US;q=0.8,ru;q=0.7');

    expect(routePage({ uri: '/', headers })).toBe('/en/index.html');
    expect(routePage({ uri: '/', headers: acceptLanguage('en;q=0.2, ru-RU;q=0.9') })).toBe('/ru/index.html');
    expect(routePage({ uri: '/', headers, cookies: cookie('ru') })).toBe('/ru/index.html');
    expect(
      routePage({ uri: '/', headers, cookies: cookie('ru'), querystring: { lang: { value: 'en' } } }),
    ).toBe('/en/index.html');
    expect(routePage({ uri: '/', headers: acceptLanguage('de, fr;q=0.5') })).toBe('/ru/index.html');
    expect(routePage({ uri: '/', cookies: cookie('xx'), headers: acceptLanguage('en') })).toBe(
      '/en/index.html',
    );
  });
});
