import { auditPut } from '@functions/data/audit';
import {
  defaultDirectionTermsPut,
  findDefaultDirectionTerms,
  findPartner,
  listPartners,
  openPartnerPayouts,
  type PartnerRecord,
  partnerTermsItems,
} from '@functions/data/partners';
import { Transaction, TransactionCancelledError } from '@functions/data/transactions';
import { findUserById, type UserRecord } from '@functions/data/users';
import type { RecordedActor } from '@functions/domain/accounts/principal';
import type {
  AdminPartnersData,
  AdminPartnerView,
  DirectionTermsBody,
  PartnerTermsBody,
} from '@shared/contract/partners';
import { officeWallets } from '../chain/wallets';
import { businessTimeZone } from '../settings/business-time';
import { MonitorHostTaken, PartnerChanged, PartnerNotFound } from './errors';
import { balanceOf, payoutView } from './program';
import { settingsTerms } from './terms';

/*
 * The partner program as ADMINs run it (docs/product.md "Partners"): every partner with their
 * terms, monitors and balance; a partner's own terms; the default terms per direction; and the
 * payouts waiting to be paid.
 */

function partnerView(partner: PartnerRecord, email: string | null, code: string | null): AdminPartnerView {
  return {
    userId: partner.userId,
    email,
    code,
    terms: partner.terms,
    directionTerms: partner.directionTerms,
    monitorHosts: partner.monitorHosts,
    balance: balanceOf(partner),
    createdAt: partner.createdAt,
  };
}

/** GET /admin/partners. */
export async function partnersForStaff(): Promise<AdminPartnersData> {
  const [partners, directions, all, open, wallets, timeZone] = await Promise.all([
    listPartners(),
    findDefaultDirectionTerms(),
    settingsTerms(),
    openPartnerPayouts(),
    officeWallets(),
    businessTimeZone(),
  ]);
  const people = await usersById([
    ...partners.map((partner) => partner.userId),
    ...open.map((payout) => payout.partnerId),
  ]);
  return {
    partners: partners.map((partner) => {
      const person = people.get(partner.userId);
      return partnerView(partner, person?.email ?? null, person?.referralCode ?? null);
    }),
    defaults: { all, directions },
    openPayouts: open.map((payout) => ({
      ...payoutView(payout),
      partnerId: payout.partnerId,
      partnerEmail: people.get(payout.partnerId)?.email ?? null,
      screened: payout.screened,
    })),
    wallets: wallets.map((wallet) => wallet.address),
    timeZone,
  };
}

/** The partners named (their address and referral code): one GetItem each, for the handful listed. */
async function usersById(userIds: string[]): Promise<Map<string, UserRecord>> {
  const unique = [...new Set(userIds)];
  const users = await Promise.all(unique.map((id) => findUserById(id)));
  return new Map(users.flatMap((user) => (user ? [[user.id, user] as const] : [])));
}

/**
 * PUT /admin/partners/{id}: a client's own terms (all directions and some), and the monitors'
 * hosts they are, conditional on the terms read (two ADMINs cannot overwrite each other unseen)
 * and on no other partner being one of those monitors; audited.
 */
export async function setPartnerTerms(
  userId: string,
  body: PartnerTermsBody,
  actor: RecordedActor,
  now = new Date(),
): Promise<AdminPartnerView> {
  const [user, before] = await Promise.all([findUserById(userId), findPartner(userId)]);
  if (user?.role !== 'USER') throw new PartnerNotFound();
  const at = now.toISOString();
  const after = {
    userId,
    terms: body.terms,
    directionTerms: body.directionTerms,
    monitorHosts: body.monitorHosts,
  };
  try {
    await new Transaction()
      .addParts(partnerTermsItems(before, after, at))
      .add(
        'audit',
        auditPut({
          actorId: actor.id,
          actorRole: actor.role,
          action: 'partner.terms',
          targetType: 'partner',
          targetId: userId,
          before: before
            ? {
                terms: before.terms,
                directionTerms: before.directionTerms,
                monitorHosts: before.monitorHosts,
              }
            : null,
          after: { terms: body.terms, directionTerms: body.directionTerms, monitorHosts: body.monitorHosts },
          at: now,
        }),
      )
      .run();
  } catch (error) {
    if (!(error instanceof TransactionCancelledError)) throw error;
    const taken = error.failed.find((name) => name.startsWith('monitor:'));
    if (taken) throw new MonitorHostTaken(taken.slice('monitor:'.length));
    if (error.failedOn('partner')) throw new PartnerChanged();
    throw error;
  }
  const saved = await findPartner(userId);
  return partnerView(saved!, user.email, user.referralCode ?? null);
}

/** PUT /admin/partner-terms: the default terms of some directions (the settings' hold for the rest); audited. */
export async function setDefaultPartnerTerms(
  directionTerms: DirectionTermsBody[],
  actor: RecordedActor,
  now = new Date(),
): Promise<AdminPartnersData['defaults']> {
  const before = await findDefaultDirectionTerms();
  await new Transaction()
    .add('defaults', defaultDirectionTermsPut(directionTerms, now.toISOString(), actor.id))
    .add(
      'audit',
      auditPut({
        actorId: actor.id,
        actorRole: actor.role,
        action: 'partner.defaultTerms',
        targetType: 'partner',
        targetId: 'defaults',
        before: { directionTerms: before },
        after: { directionTerms },
        at: now,
      }),
    )
    .run();
  return { all: await settingsTerms(), directions: directionTerms };
}
