import { CreateTableCommand, DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createTableInput } from '@functions/data/table-definition';
import type { Role } from '@shared/enums';
import { NO_LIMITS } from '@shared/limits';
import { runId } from '../../support/api';

/**
 * A table of this test file's own in the shared DynamoDB Local, for tests that need exact
 * counters or whole-table effects (dashboard figures, the expiry job, capacity at two sizes)
 * while other files write to the shared table in parallel. The data modules read TABLE_NAME
 * when first imported, so a file using this must import functions/ modules only dynamically,
 * after `createIsolatedTable` has run. The limits are off (NO_LIMITS) as in the shared stack; a file
 * about them sets its own. Returns a function that drops the table.
 */
export async function createIsolatedTable(prefix: string): Promise<() => Promise<void>> {
  const table = `${prefix}-${runId()}`;
  process.env.TABLE_NAME = table;
  const dynamo = new DynamoDBClient({});
  await dynamo.send(new CreateTableCommand(createTableInput(table)));
  const { seedDatabase } = await import('@functions/seed/seed');
  await seedDatabase({ settingValues: { staffMfaRequired: 0, ...NO_LIMITS }, aroundTheClock: true });
  return async () => {
    await dynamo.send(new DeleteTableCommand({ TableName: table }));
    dynamo.destroy();
  };
}

/**
 * A user in the current table, through the registration data path (a client counts in newUsers; with
 * `invitedBy`, also in that user's referralCount).
 */
export async function putUser(options: { language?: 'ru' | 'en'; role?: Role; invitedBy?: string } = {}) {
  const { createUser } = await import('@functions/data/users');
  const { newReferralCode } = await import('@functions/domain/accounts/secrets');
  const id = crypto.randomUUID();
  const tag = `iso${runId()}`.slice(0, 24);
  return createUser({
    id,
    email: `${tag}@example.test`,
    username: tag,
    passwordHash: 'not-a-hash',
    timeZone: 'Europe/Moscow',
    referralCode: newReferralCode(),
    language: options.language ?? 'en',
    role: options.role ?? 'USER',
    emailVerified: true,
    invitedBy: options.invitedBy,
  });
}
