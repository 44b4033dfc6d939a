import { inject } from 'vitest';

/**
 * The infra project's setup file: temporary files go under the run's folder (global-setup.ts),
 * which the teardown removes. A CDK app given no `outdir` synthesizes into a fresh folder of the
 * system's temp directory and never removes it: some fourteen were left behind by every run.
 * Node's `os.tmpdir()`, which CDK asks, reads TMPDIR at each call.
 */
process.env.TMPDIR = inject('infraAssemblies');
