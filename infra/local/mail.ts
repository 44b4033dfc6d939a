import type { Server } from 'node:http';
import sesLocalModule from 'aws-ses-v2-local';

// The package is CommonJS with `exports.default`; ESM loaders differ in how they surface it.
const startSesLocal =
  (sesLocalModule as unknown as { default?: typeof sesLocalModule }).default ?? sesLocalModule;

/** The local SES stand-in: SES API on `/`, every sent mail in a web view and a JSON store (`/store`). */
export async function startMailInbox(port: number): Promise<Server> {
  return startSesLocal({ host: '127.0.0.1', port });
}
