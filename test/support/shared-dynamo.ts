import { type DynamoJit, startDynamoLocal } from '@infra/local/dynamo';
import { freePort } from '@infra/local/ports';

/**
 * `npm test` (test/suite.ts) starts one DynamoDB Local for its two API test lanes (the `integration`
 * and `integration-deals` projects) and one for its browser lanes (`e2e`, `e2e-installation`,
 * `e2e-day`), and names them in these variables; each project keeps a table of its own in its
 * group's. Apart, each JVM compiled the same request paths again: the two API lanes' JVMs took
 * about 40 s more CPU than the one JVM of a single lane (docs/decisions.md). Run alone, a project
 * starts its own. The bulk files keep one of their own (vitest.config.ts).
 */
const VARIABLES = {
  api: 'TEST_API_DYNAMODB_ENDPOINT',
  browser: 'TEST_BROWSER_DYNAMODB_ENDPOINT',
} as const;
export type SharedDynamo = keyof typeof VARIABLES;

/** The suite's DynamoDB Local of the group, or undefined: the stack then starts one of its own. */
export function sharedDynamoEndpoint(group: SharedDynamo): string | undefined {
  return process.env[VARIABLES[group]] || undefined;
}

/** Starts a group's DynamoDB Local (in memory) and names it to the commands started after. */
export async function startSharedDynamo(group: SharedDynamo, jit: DynamoJit): Promise<{ stop: () => void }> {
  const dynamo = await startDynamoLocal(await freePort(), null, jit);
  process.env[VARIABLES[group]] = dynamo.endpoint;
  const stop = () => dynamo.process.kill('SIGKILL');
  process.once('exit', stop);
  return { stop };
}
