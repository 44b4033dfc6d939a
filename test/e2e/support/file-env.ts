import { vi } from 'vitest';

/**
 * Runs before each e2e file. The files share one worker (`isolate: false`: playwright-core and the
 * AWS SDK load once instead of once per file), so each starts as an isolated file would, with the
 * project's modules (test/support/, shared/) evaluated afresh: its own viewer address for the
 * per-address limits (test/support/api.ts), its own module state.
 */
vi.resetModules();
