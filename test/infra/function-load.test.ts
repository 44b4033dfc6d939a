import { describe, expect, it } from 'vitest';
import { bundleFunction, checkNoNetworkOnLoad, manifestFunctions, mapConcurrent } from '../bench/harness';

/**
 * Each function gets only the environment its manifest entry declares (TABLE_NAME, MAIL_FROM),
 * as in AWS. Loading its bundle must work with exactly that, and must make no network call.
 */
describe('every function bundle', () => {
  it('loads with only the environment its manifest entry declares, without any network call', async () => {
    const results = await mapConcurrent(manifestFunctions(), async (fn) => {
      const check = await checkNoNetworkOnLoad(await bundleFunction(fn));
      return { name: fn.name, ...check };
    });
    // Reading ~/.aws/config for endpoint settings is configuration, not a credential or network call.
    const failures = results.filter((result) => result.error || result.networkCalls.length > 0);
    expect(results.length).toBeGreaterThan(40);
    expect(failures).toEqual([]);
    // Bundles ~50 functions and starts a Node process for each: minutes on a busy 2-core machine.
  }, 900_000);
});
