import { cleanup, configure } from '@testing-library/react';
import { useToastStore } from '@web/stores/toast-store';
import { afterEach, beforeEach, vi } from 'vitest';
import { takeFakeApiProblems } from './fake-api';

/**
 * The web tests share one jsdom per worker (the project runs with `isolate: false`, which saves
 * most of its time): no test sees another file's rendered tree, a toast or a stubbed fetch it left
 * behind, and a test whose fake API met a problem fails (web/src/testing/fake-api.ts).
 */
// findBy…/waitFor give up after 1 s by default: on two cores busy with npm test's other lanes a
// render can take longer (the profile's Telegram section missed it once). Nothing timed is asserted.
configure({ asyncUtilTimeout: 10_000 });
beforeEach(() => useToastStore.getState().clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // A faked API call the test did not foresee, or a stubbed answer the route's schema refuses.
  const problems = takeFakeApiProblems();
  if (problems.length > 0) throw new Error(`The fake API met: ${problems.join(' | ')}`);
});
