import { seedDatabase } from '@functions/seed/seed';
import { type AdminInvitation, inviteSuperAdmin } from '../accounts/first-admin';

export interface DeploymentPrepared {
  /** Seed items that were missing and are now written (geo nodes, settings, rates). */
  seedItemsWritten: number;
  /** Absent when no administrator address was given. */
  admin?: AdminInvitation;
}

/**
 * What a deploy does to the data (docs/operations.md "First deploy"): the seed the local stack
 * also runs, which only adds missing items so a newer seed never overwrites what staff changed,
 * then the first SUPER_ADMIN's invitation. Both are idempotent, so running it again is harmless.
 */
export async function prepareDeployment(input: {
  adminEmail?: string;
  now?: Date;
}): Promise<DeploymentPrepared> {
  const now = input.now ?? new Date();
  const { written } = await seedDatabase({ now });
  if (!input.adminEmail) return { seedItemsWritten: written };
  return { seedItemsWritten: written, admin: await inviteSuperAdmin(input.adminEmail, now) };
}
