import { describe, expect, it } from 'vitest';
import { loginPath, registerPath, safeRedirect } from './paths';

describe('paths', () => {
  it('sends users to the profile after login by default', () => {
    expect(safeRedirect(null)).toBe('/profile');
    expect(loginPath()).toBe('/login');
  });

  it('keeps a same-site redirect target', () => {
    expect(safeRedirect('/apply?x=1')).toBe('/apply?x=1');
    expect(loginPath('/apply')).toBe('/login?redirectTo=%2Fapply');
    expect(registerPath('/apply')).toBe('/register?redirectTo=%2Fapply');
  });

  it('refuses redirect targets on other sites', () => {
    expect(safeRedirect('https://evil.example')).toBe('/profile');
    expect(safeRedirect('//evil.example')).toBe('/profile');
    expect(safeRedirect('/\\evil.example')).toBe('/profile');
  });

  it.each([
    ['a tab', '/\t/evil.example'],
    ['a newline', '/\n/evil.example'],
    ['a carriage return', '/\r/evil.example'],
    ['a backslash after the slash', '/\\/evil.example'],
    ['a backslash and a tab', '/\t\\evil.example'],
    ['a protocol-relative URL', '//evil.example/profile'],
    ['a protocol-relative URL behind a tab', '\t//evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a javascript: URL with a leading tab', '\tjavascript:alert(1)'],
    ['an absolute URL of another site', 'https://evil.example/apply'],
    ['a leading space', ' /apply'],
  ])('refuses a target that leaves the site through %s', (_name, target) => {
    expect(safeRedirect(target)).toBe('/profile');
  });

  it('follows a same-site path with its query and fragment as the browser resolves it', () => {
    expect(safeRedirect('/apply?city=europe.spain.madrid#amount')).toBe(
      '/apply?city=europe.spain.madrid#amount',
    );
    expect(safeRedirect('/profile/../apply')).toBe('/apply');
  });

  it('refuses what the login page receives for /login?redirectTo=/%09/evil.example', () => {
    const redirectTo = new URLSearchParams('redirectTo=/%09/evil.example').get('redirectTo');
    expect(safeRedirect(redirectTo)).toBe('/profile');
  });
});
