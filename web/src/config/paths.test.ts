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
});
