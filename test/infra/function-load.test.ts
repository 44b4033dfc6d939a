import { allRoutes } from '@functions/routes/manifest';
import { needsJwtSecret } from '@shared/routes/definition';
import { describe, expect, it } from 'vitest';
import {
  bundleManifestFunctions,
  bytesByPackage,
  checkNoNetworkOnLoad,
  mapConcurrent,
} from '../bench/harness';

/** The routes the manifest marks as hashing passwords (they get the bcrypt memory). */
const PASSWORD_FUNCTIONS = allRoutes.filter(([, route]) => route.passwordHashing).map(([id]) => id);

/**
 * Each function gets only the environment its manifest entry declares (TABLE_NAME, MAIL_FROM,
 * JWT_SECRET_ARN, MARKET_DATA_URL), as in AWS. Loading its bundle must work with exactly that, and must make no network call.
 */
describe('every function bundle', () => {
  it('loads with only the environment its manifest entry declares, without any network call', async () => {
    const results = await mapConcurrent(await bundleManifestFunctions(), async (bundle) => {
      const check = await checkNoNetworkOnLoad(bundle);
      const readsJwtSecret = Object.values(bundle.metafile.outputs).some(
        (output) => (output.inputs['functions/commons/jwt-secret.ts']?.bytesInOutput ?? 0) > 0,
      );
      const readsMfaKey = Object.values(bundle.metafile.outputs).some(
        (output) => (output.inputs['functions/commons/mfa-key.ts']?.bytesInOutput ?? 0) > 0,
      );
      const hasBcrypt = (bytesByPackage(bundle).get('bcryptjs') ?? 0) > 0;
      return {
        name: bundle.fn.name,
        readsJwtSecret,
        getsJwtSecret: needsJwtSecret(bundle.fn.access, bundle.fn.uses),
        readsMfaKey,
        getsMfaKey: bundle.fn.uses.mfaKey === true,
        hasBcrypt,
        ...check,
      };
    });
    // Reading ~/.aws/config for endpoint settings is configuration, not a credential or network call.
    const failures = results.filter((result) => result.error || result.networkCalls.length > 0);
    expect(results.length).toBeGreaterThan(40);
    expect(failures).toEqual([]);
    // The signing key goes exactly to the functions whose code reads it (least privilege).
    const keyMismatches = results.filter((result) => result.readsJwtSecret !== result.getsJwtSecret);
    expect(keyMismatches.map((result) => result.name)).toEqual([]);
    const mfaKeyMismatches = results.filter((result) => result.readsMfaKey !== result.getsMfaKey);
    expect(mfaKeyMismatches.map((result) => result.name)).toEqual([]);
    // bcryptjs (about 20 KB and a slow hash) exactly where passwords are hashed or compared, which
    // is where the manifest says so (`passwordHashing`: the stack gives those the larger memory).
    const withBcrypt = results.filter((result) => result.hasBcrypt).map((result) => result.name);
    expect(withBcrypt.sort()).toEqual([...PASSWORD_FUNCTIONS].sort());
    // Bundles ~50 functions and starts a Node process for each: minutes on a busy 2-core machine.
  }, 900_000);
});
