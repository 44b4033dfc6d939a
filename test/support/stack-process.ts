import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { type LocalStack, type LocalStackOptions, startLocalStack } from '@infra/local/stack';

/**
 * bcrypt's work factor in the test stacks and in test files that hash themselves: its minimum.
 * Tests do not measure hashing, and at the deployed 10 it was half the stacks' CPU.
 */
export const TEST_PASSWORD_HASH_COST = 4;

/**
 * Starts a local stack in a child Node process, hashing at TEST_PASSWORD_HASH_COST, with the limits
 * off unless `options.limits` says otherwise (infra/local/stack.ts). Handlers read
 * their settings from process.env and keep module-level clients, so two stacks in one process
 * (integration and e2e run in the same vitest process) would share one environment: each gets a
 * process of its own, as Lambdas do.
 */
export async function startLocalStackProcess(options: LocalStackOptions): Promise<LocalStack> {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename], {
    env: {
      ...process.env,
      PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
      LOCAL_STACK_OPTIONS: JSON.stringify({ limits: false, ...options }),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`The local stack process exited with code ${code} before it was ready.`);
  });
  const [addresses] = (await Promise.race([once(child, 'message'), exited])) as [Omit<LocalStack, 'stop'>];
  return {
    ...addresses,
    stop: async () => {
      if (child.exitCode !== null) return;
      const gone = once(child, 'exit');
      child.kill('SIGTERM');
      await gone;
    },
  };
}

async function runChild(send: NonNullable<typeof process.send>) {
  const { stop, ...addresses } = await startLocalStack(
    JSON.parse(process.env.LOCAL_STACK_OPTIONS!) as LocalStackOptions,
  );
  const shutdown = () => {
    stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', shutdown);
  // The parent went away without a teardown: do not leave DynamoDB Local running.
  process.once('disconnect', shutdown);
  send(addresses);
}

if (process.send && process.argv[1] === import.meta.filename) {
  runChild(process.send.bind(process)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
