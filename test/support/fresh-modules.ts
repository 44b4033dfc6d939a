import { vi } from 'vitest';

/**
 * The first setup file of the integration and e2e projects. Their files share one worker
 * (`isolate: false`: node_modules, the AWS SDK and playwright-core above all, load once), so each
 * file starts as an isolated file would, with the project's modules (functions/, shared/,
 * test/support/) evaluated afresh: files that point TABLE_NAME at a table of their own rely on it,
 * and each file calls from a viewer address of its own (test/support/api.ts), so one file's
 * per-address limits never spill into the next. (Vitest resets each file's vi.mock registrations.)
 */
vi.resetModules();
