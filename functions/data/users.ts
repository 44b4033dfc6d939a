import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { PublicUser } from '../../shared/contract/users';
import { db, tableName } from './client';
import { keys } from './keys';

/** The stored user: the public fields plus secrets and bookkeeping that never leave the server. */
export interface UserRecord extends PublicUser {
  passwordHash: string;
}

export async function findUserById(userId: string): Promise<UserRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.user(userId) }));
  return Item as UserRecord | undefined;
}
