import { startDynamoLocal } from '@infra/local/dynamo';
import { freePort } from '@infra/local/ports';

/**
 * `npm test` (test/suite.ts) starts one DynamoDB Local for its two API test lanes, the `integration`
 * and `integration-deals` projects, and names it in this variable; each keeps a table of its own
 * in it. Apart, each JVM compiled the same request paths again, and its optimizing compiler pays
 * off only after some 50,000 calls: the two JVMs took about 40 s more CPU than the one JVM of the
 * single project before (docs/decisions.md). Run alone, a project starts its own.
 */
const SHARED_DYNAMODB_VARIABLE = 'TEST_API_DYNAMODB_ENDPOINT';

/** The suite's DynamoDB Local for the API tests, or undefined: the stack then starts one of its own. */
export function sharedDynamoEndpoint(): string | undefined {
  return process.env[SHARED_DYNAMODB_VARIABLE] || undefined;
}

/** Starts the API tests' DynamoDB Local (in memory) and names it to the commands started after. */
export async function startSharedDynamo(): Promise<{ stop: () => void }> {
  const dynamo = await startDynamoLocal(await freePort(), null);
  process.env[SHARED_DYNAMODB_VARIABLE] = dynamo.endpoint;
  // SIGTERM, not SIGKILL: the JVM then deletes the SQLite library it copied into the temp folder.
  // Once: on the suite's call, or at its exit if it never made one.
  const stop = () => {
    process.off('exit', stop);
    dynamo.process.kill('SIGTERM');
  };
  process.once('exit', stop);
  return { stop };
}
