import { partnerOfMonitorHost } from '@functions/data/partners';
import { findUserById, findUserByReferralCode, type UserRecord } from '@functions/data/users';
import type { VisitSource } from '@shared/visit-source';

/**
 * The partner a visit's source credits (docs/product.md "Partners"), an active user other than
 * the client: the owner of the `?ref=` code the link carried; else, for a monitor's deep link,
 * the partner who is that monitor, by the host its referrer names (`www.` aside). Null: nobody.
 */
export async function partnerOfSource(
  source: VisitSource | null | undefined,
  clientId: string | null,
): Promise<string | null> {
  const partner = source?.partner
    ? await findUserByReferralCode(source.partner)
    : await monitorPartner(source);
  return partner?.isActive && partner.id !== clientId ? partner.id : null;
}

async function monitorPartner(source: VisitSource | null | undefined): Promise<UserRecord | undefined> {
  if (!(source?.monitorFrom || source?.monitorTo) || !source.referrer) return undefined;
  const partnerId = await partnerOfMonitorHost(source.referrer.replace(/^www\./, ''));
  return partnerId ? findUserById(partnerId) : undefined;
}
