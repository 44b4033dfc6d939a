import { BatchGetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { Language, Role } from '@shared/enums';
import { type StaffScope, scopeOfRole } from '@shared/staff-scope';
import { tierOf, type VerificationTier } from '@shared/verification';
import { db, tableName } from './client';
import { keys } from './keys';

/** The few user fields the application screens show next to an application. */
export interface UserSummary {
  id: string;
  email: string;
  username: string | null;
  telegramId: string | null;
  language: Language;
  role: Role;
  isActive: boolean;
  /** Whether the second factor is on (the Take button asks it of staff as the admin area does). */
  mfaEnabled: boolean;
  /** The private chat of the linked Telegram account (the bot writes there); null when none. */
  telegramChatId: number | null;
  /** Deals of theirs completed so far (the reports tell a new client from a returning one). */
  completedDeals: number;
  /** Whether they registered with someone's referral code (a source of the reports). */
  referred: boolean;
  /** Their verification tier, which sets their limits (shared/verification.ts). */
  tier: VerificationTier;
  /** A MANAGER's rights over deals (shared/staff-scope.ts); null for every other role. */
  scope: StaffScope | null;
}

/**
 * Summaries of many users in BatchGetItem calls of up to 100 keys, reading only the shown fields
 * (a page of applications costs one call however many owners and assignees it has).
 */
export async function findUserSummaries(userIds: Iterable<string>): Promise<Map<string, UserSummary>> {
  const unique = [...new Set(userIds)];
  const found = new Map<string, UserSummary>();
  for (let start = 0; start < unique.length; start += 100) {
    let requestKeys: Record<string, unknown>[] | undefined = unique
      .slice(start, start + 100)
      .map((id) => keys.user(id));
    while (requestKeys && requestKeys.length > 0) {
      const result: BatchGetCommandOutput = await db.send(
        new BatchGetCommand({
          RequestItems: {
            [tableName]: {
              Keys: requestKeys,
              ProjectionExpression:
                'id, email, username, telegramId, #language, #role, isActive, mfaEnabled, telegramLink, applicationCount, invitedBy, verificationTier, staffScope',
              ExpressionAttributeNames: { '#language': 'language', '#role': 'role' },
            },
          },
        }),
      );
      for (const item of result.Responses?.[tableName] ?? []) {
        found.set(String(item.id), {
          id: String(item.id),
          email: String(item.email),
          username: (item.username as string | null | undefined) ?? null,
          telegramId: (item.telegramId as string | null | undefined) ?? null,
          language: item.language === 'en' ? 'en' : 'ru',
          role: item.role as Role,
          isActive: item.isActive === true,
          mfaEnabled: item.mfaEnabled === true,
          telegramChatId: (item.telegramLink as { chatId?: number } | undefined)?.chatId ?? null,
          completedDeals: Number(item.applicationCount ?? 0),
          referred: typeof item.invitedBy === 'string' && item.invitedBy !== '',
          tier: tierOf(item as { verificationTier?: VerificationTier }),
          scope: scopeOfRole(item.role as Role, item.staffScope as StaffScope | undefined),
        });
      }
      requestKeys = result.UnprocessedKeys?.[tableName]?.Keys;
    }
  }
  return found;
}
