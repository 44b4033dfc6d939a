import { afterEach, beforeEach, vi } from 'vitest';
import { initialAuthState, useAuthStore } from '../stores/auth-store';

/** Starts each test of the file signed out (no stored tokens), and puts the real fetch back after. */
export function signedOutEachTest() {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.setState(initialAuthState);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}
