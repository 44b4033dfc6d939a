import { listAuditFor } from '@functions/data/audit';
import { findUserByEmail, findUserById } from '@functions/data/users';
import { updateAccount } from '@functions/domain/accounts/account-changes';
import { acceptInvitation, openInvitation } from '@functions/domain/staff-users/invitation-accept';
import { STAFF_INVITATION_TTL_MS } from '@functions/domain/staff-users/invitations';
import type { Role } from '@shared/enums';
import {
  adminDeactivateUser,
  adminInviteStaff,
  adminListStaffInvitations,
  adminResendStaffInvitation,
  adminRevokeStaffInvitation,
  adminSetUserRole,
} from '@shared/routes/admin-users';
import { authAcceptStaffInvitation, authMe, authOpenStaffInvitation } from '@shared/routes/auth';
import { mfaEnable, mfaSetup } from '@shared/routes/mfa';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, runId } from '../../support/api';
import { mailsTo } from '../../support/mail';
import { refusal } from '../../support/refusals';
import { createVerifiedUser, TEST_PASSWORD, type TestUser } from '../../support/users';

const NEW_PASSWORD = 'Invited-staff-7';

let admin: TestUser;
let superAdmin: TestUser;

beforeAll(async () => {
  [admin, superAdmin] = await Promise.all([
    createVerifiedUser({ role: 'ADMIN' }),
    createVerifiedUser({ role: 'SUPER_ADMIN' }),
  ]);
});

const inviteeAddress = () => `invitee.${runId()}@example.test`;

function codeFor(secret: string, at = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });
}

async function invite(email: string, role: Role = 'MANAGER', by = admin, language: 'ru' | 'en' = 'ru') {
  return call(adminInviteStaff, { token: by.token, body: { email, role: role as 'MANAGER', language } });
}

/** The links mailed to an address, oldest first: each mail's token from its `#token=` fragment. */
async function mailedTokens(email: string): Promise<string[]> {
  return (await mailsTo(email))
    .map((mail) => /\/admin\/invitation#token=([^\s"<&]+)/.exec(mail.body.text ?? '')?.[1])
    .filter((token): token is string => token !== undefined)
    .map(decodeURIComponent);
}

async function openAndAccept(token: string) {
  const opened = await call(authOpenStaffInvitation, { body: { token } });
  expect(opened.status).toBe(200);
  return call(authAcceptStaffInvitation, {
    body: { token, password: NEW_PASSWORD, code: codeFor(opened.body.data!.secret) },
  });
}

describe('inviting staff', () => {
  it('mails a single-use link in the chosen language, lists the invitation and audits it', async () => {
    const email = inviteeAddress();
    const answer = await invite(email, 'MANAGER', admin, 'en');
    expect(answer.status).toBe(201);
    const invitation = answer.body.data!;
    expect(invitation).toMatchObject({ email, role: 'MANAGER', language: 'en', expired: false });
    expect(invitation.invitedBy).toEqual({ id: admin.id, name: admin.username });
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.sentAt)).toBe(48 * 60 * 60 * 1000);

    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe('You are invited to join the staff');
    expect(mail!.body.text).toContain('manager (MANAGER)');
    expect(mail!.body.text).toContain('48 hours');
    expect(await mailedTokens(email)).toHaveLength(1);

    const listed = await call(adminListStaffInvitations, { token: admin.token });
    expect(listed.body.data!.find((entry) => entry.id === invitation.id)).toMatchObject({
      email,
      role: 'MANAGER',
    });

    const [entry] = await listAuditFor('staffInvitation', invitation.id);
    expect(entry).toMatchObject({
      actorId: admin.id,
      action: 'staffInvitation.invite',
      after: { email, role: 'MANAGER' },
    });
  });

  it('follows the role rules: an ADMIN invites a MANAGER only; a SUPER_ADMIN an ADMIN; a MANAGER nobody', async () => {
    const byAdmin = await invite(inviteeAddress(), 'ADMIN');
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.code).toBe('RoleNotGrantable');
    expect((await invite(inviteeAddress(), 'SUPER_ADMIN')).body.code).toBe('RoleNotGrantable');
    expect((await invite(inviteeAddress(), 'ADMIN', superAdmin)).status).toBe(201);
    const manager = await createVerifiedUser({ role: 'MANAGER' });
    expect((await invite(inviteeAddress(), 'MANAGER', manager)).status).toBe(403);
    expect((await call(adminListStaffInvitations, { token: manager.token })).status).toBe(403);
  });

  it('refuses an address that already has an account, and a second pending invitation', async () => {
    const client = await createVerifiedUser();
    const taken = await invite(client.email);
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('InvitationAddressTaken');
    const email = inviteeAddress();
    expect((await invite(email)).status).toBe(201);
    expect((await invite(email)).body.code).toBe('InvitationAlreadyPending');
  });
});

describe('accepting an invitation', () => {
  it('sets the password and TOTP, makes a logged-in staff member of the role, and works once', async () => {
    const email = inviteeAddress();
    const invited = await invite(email, 'MANAGER');
    const [token] = await mailedTokens(email);

    const opened = await call(authOpenStaffInvitation, { body: { token: token! } });
    expect(opened.body.data).toMatchObject({ email, role: 'MANAGER', language: 'ru' });
    const { secret, otpauthUrl } = opened.body.data!;
    expect(new URL(otpauthUrl).searchParams.get('secret')).toBe(secret);

    const wrongCode = await call(authAcceptStaffInvitation, {
      body: { token: token!, password: NEW_PASSWORD, code: '000000' },
    });
    expect(wrongCode.status).toBe(400);
    expect(await findUserByEmail(email)).toBeUndefined();

    const accepted = await call(authAcceptStaffInvitation, {
      body: { token: token!, password: NEW_PASSWORD, code: codeFor(secret) },
    });
    expect(accepted.status).toBe(200);
    const { session, recoveryCodes } = accepted.body.data!;
    expect(recoveryCodes).toHaveLength(10);
    expect(session.user).toMatchObject({ email, role: 'MANAGER', mfaEnabled: true, emailVerified: true });
    const me = await call(authMe, { token: session.token });
    expect(me.body.data!.user).toMatchObject({ email, role: 'MANAGER', mfaSetupRequired: false });

    const twice = await call(authAcceptStaffInvitation, {
      body: { token: token!, password: NEW_PASSWORD, code: codeFor(secret, Date.now() + 30_000) },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.code).toBe('InvitationLinkInvalid');
    const reopened = await call(authOpenStaffInvitation, { body: { token: token! } });
    expect(reopened.status).toBe(400);
    expect(reopened.body.code).toBe('InvitationLinkInvalid');

    const listed = await call(adminListStaffInvitations, { token: admin.token });
    expect(listed.body.data!.some((entry) => entry.id === invited.body.data!.id)).toBe(false);
    const [entry] = await listAuditFor('staffInvitation', invited.body.data!.id);
    expect(entry).toMatchObject({
      action: 'staffInvitation.accept',
      actorId: session.user.id,
      actorRole: 'MANAGER',
    });
  });

  it('expires 48 hours after the mail', async () => {
    const email = inviteeAddress();
    const sent = Date.now();
    await invite(email);
    const [token] = await mailedTokens(email);
    const opened = await openInvitation(token!, new Date(sent + STAFF_INVITATION_TTL_MS - 60_000));
    const late = new Date(sent + STAFF_INVITATION_TTL_MS + 1000);
    expect(
      await refusal(
        acceptInvitation({
          token: token!,
          password: NEW_PASSWORD,
          code: codeFor(opened.secret, late.getTime()),
          now: late,
        }),
      ),
    ).toMatchObject({ status: 400, code: 'InvitationLinkInvalid' });
    expect(await refusal(openInvitation(token!, late))).toMatchObject({
      code: 'InvitationLinkInvalid',
    });
    expect(await findUserByEmail(email)).toBeUndefined();
  });

  it('offers one secret however many tabs open the link, at once or one after another; a resend offers a new one', async () => {
    const email = inviteeAddress();
    const invited = await invite(email);
    const [token] = await mailedTokens(email);
    const open = async (link: string) => {
      const opened = await call(authOpenStaffInvitation, { body: { token: link } });
      expect(opened.status).toBe(200);
      return opened.body.data!.secret;
    };
    const [tabA, tabB] = await Promise.all([open(token!), open(token!)]);
    expect(tabB).toBe(tabA);
    expect(await open(token!)).toBe(tabA);

    await call(adminResendStaffInvitation, { token: admin.token, params: { id: invited.body.data!.id } });
    const [, renewed] = await mailedTokens(email);
    const afterResend = await open(renewed!);
    expect(afterResend).not.toBe(tabA);
    // The first tab's app, set up before the resend, no longer fits: the new link's secret does.
    const accepted = await call(authAcceptStaffInvitation, {
      body: { token: renewed!, password: NEW_PASSWORD, code: codeFor(afterResend) },
    });
    expect(accepted.status).toBe(200);
  });

  it('stops a revoked link, and a resend replaces the link and its 48 hours; both audited', async () => {
    const revokedAddress = inviteeAddress();
    const revoked = await invite(revokedAddress);
    const [revokedToken] = await mailedTokens(revokedAddress);
    const revoke = await call(adminRevokeStaffInvitation, {
      token: admin.token,
      params: { id: revoked.body.data!.id },
    });
    expect(revoke.status).toBe(200);
    expect((await call(authOpenStaffInvitation, { body: { token: revokedToken! } })).body.code).toBe(
      'InvitationLinkInvalid',
    );
    expect((await listAuditFor('staffInvitation', revoked.body.data!.id))[0]).toMatchObject({
      action: 'staffInvitation.revoke',
      actorId: admin.id,
    });

    const email = inviteeAddress();
    const invited = await invite(email);
    const resent = await call(adminResendStaffInvitation, {
      token: admin.token,
      params: { id: invited.body.data!.id },
    });
    expect(resent.status).toBe(200);
    const [first, second] = await mailedTokens(email);
    expect(second).toBeDefined();
    expect((await call(authOpenStaffInvitation, { body: { token: first! } })).body.code).toBe(
      'InvitationLinkInvalid',
    );
    expect((await openAndAccept(second!)).status).toBe(200);
    expect(
      (await listAuditFor('staffInvitation', invited.body.data!.id)).map((entry) => entry.action),
    ).toEqual(['staffInvitation.accept', 'staffInvitation.resend', 'staffInvitation.invite']);
  });

  it('lets only a SUPER_ADMIN revoke or resend an ADMIN invitation', async () => {
    const invited = await invite(inviteeAddress(), 'ADMIN', superAdmin);
    const params = { id: invited.body.data!.id };
    expect((await call(adminRevokeStaffInvitation, { token: admin.token, params })).body.code).toBe(
      'RoleNotGrantable',
    );
    expect((await call(adminResendStaffInvitation, { token: admin.token, params })).status).toBe(403);
    expect((await call(adminRevokeStaffInvitation, { token: superAdmin.token, params })).status).toBe(200);
    expect((await call(adminRevokeStaffInvitation, { token: superAdmin.token, params })).body.code).toBe(
      'InvitationNotFound',
    );
  });
});

describe('an invitation speaks for its sender', () => {
  /** An invitation from `by`, opened once (as the invitee would before setting up their app). */
  async function openedInvitation(by: TestUser, role: Role = 'MANAGER') {
    const email = inviteeAddress();
    const invited = await invite(email, role, by);
    expect(invited.status).toBe(201);
    const [token] = await mailedTokens(email);
    const opened = await call(authOpenStaffInvitation, { body: { token: token! } });
    expect(opened.status).toBe(200);
    return { email, id: invited.body.data!.id, token: token!, secret: opened.body.data!.secret };
  }

  /** What opening and accepting the link answer now, and whether an account came of it. */
  async function triedAgain(invitation: Awaited<ReturnType<typeof openedInvitation>>) {
    const opened = await call(authOpenStaffInvitation, { body: { token: invitation.token } });
    const accepted = await call(authAcceptStaffInvitation, {
      body: { token: invitation.token, password: NEW_PASSWORD, code: codeFor(invitation.secret) },
    });
    return {
      open: [opened.status, opened.body.code],
      accept: [accepted.status, accepted.body.code],
      account: (await findUserByEmail(invitation.email)) !== undefined,
    };
  }

  const pendingIds = async () =>
    (await call(adminListStaffInvitations, { token: superAdmin.token })).body.data!.map((entry) => entry.id);

  it('is revoked, audited, when its sender is deactivated: the link no longer opens nor accepts, and no account is made', async () => {
    const sender = await createVerifiedUser({ role: 'ADMIN' });
    const invitation = await openedInvitation(sender);

    const deactivated = await call(adminDeactivateUser, {
      token: superAdmin.token,
      params: { id: sender.id },
    });
    expect(deactivated.status).toBe(200);

    expect(await triedAgain(invitation)).toEqual({
      open: [400, 'InvitationLinkInvalid'],
      accept: [400, 'InvitationLinkInvalid'],
      account: false,
    });
    expect(await pendingIds()).not.toContain(invitation.id);
    expect((await listAuditFor('staffInvitation', invitation.id))[0]).toMatchObject({
      action: 'staffInvitation.revoke',
      actorId: superAdmin.id,
      before: { email: invitation.email, role: 'MANAGER' },
      after: { revokedBecause: 'inviterDeactivated', invitedBy: sender.id },
    });
  });

  it('is revoked when its sender is demoted to a role that may not send it; the ones they may still send stay', async () => {
    const sender = await createVerifiedUser({ role: 'SUPER_ADMIN' });
    const forAdmin = await openedInvitation(sender, 'ADMIN');
    const forManager = await openedInvitation(sender, 'MANAGER');

    const demoted = await call(adminSetUserRole, {
      token: superAdmin.token,
      params: { id: sender.id },
      body: { role: 'ADMIN' },
    });
    expect(demoted.status).toBe(200);

    expect(await triedAgain(forAdmin)).toEqual({
      open: [400, 'InvitationLinkInvalid'],
      accept: [400, 'InvitationLinkInvalid'],
      account: false,
    });
    expect((await listAuditFor('staffInvitation', forAdmin.id))[0]).toMatchObject({
      action: 'staffInvitation.revoke',
      after: { revokedBecause: 'inviterRoleChanged' },
    });
    // An ADMIN still invites MANAGERs: that invitation works.
    expect(await pendingIds()).toContain(forManager.id);
    expect((await openAndAccept(forManager.token)).status).toBe(200);
  });

  it('is revoked when an ADMIN who sent it is made MANAGER', async () => {
    const sender = await createVerifiedUser({ role: 'ADMIN' });
    const invitation = await openedInvitation(sender);

    const demoted = await call(adminSetUserRole, {
      token: superAdmin.token,
      params: { id: sender.id },
      body: { role: 'MANAGER' },
    });
    expect(demoted.status).toBe(200);

    expect(await triedAgain(invitation)).toEqual({
      open: [400, 'InvitationLinkInvalid'],
      accept: [400, 'InvitationLinkInvalid'],
      account: false,
    });
  });

  it('is refused on opening and accepting while its sender is inactive, even if it was not revoked', async () => {
    const sender = await createVerifiedUser({ role: 'ADMIN' });
    const invitation = await openedInvitation(sender);
    // A deactivation the revoke did not follow (as if it had failed): the link checks the sender itself.
    await updateAccount((await findUserById(sender.id, true))!, { isActive: false });

    expect(await pendingIds()).toContain(invitation.id);
    expect(await triedAgain(invitation)).toEqual({
      open: [409, 'InvitationWithdrawn'],
      accept: [409, 'InvitationWithdrawn'],
      account: false,
    });
  });
});

describe('security notice mails', () => {
  it('mails the holder, in their language, when staff change their role', async () => {
    const holder = await createVerifiedUser({ language: 'en' });
    const changed = await call(adminSetUserRole, {
      token: admin.token,
      params: { id: holder.id },
      body: { role: 'MANAGER' },
    });
    expect(changed.status).toBe(200);
    const [mail] = await mailsTo(holder.email);
    expect(mail!.subject).toBe('The role of your account was changed');
    expect(mail!.body.text).toContain('from client (USER) to manager (MANAGER)');

    const russian = await createVerifiedUser({ language: 'ru' });
    await call(adminSetUserRole, {
      token: admin.token,
      params: { id: russian.id },
      body: { role: 'MANAGER' },
    });
    const [ruMail] = await mailsTo(russian.email);
    expect(ruMail!.subject).toBe('Роль вашего аккаунта изменена');
    expect(ruMail!.body.text).toContain('клиент (USER) → менеджер (MANAGER)');
  });

  it('mails the holder when two-step verification is turned on', async () => {
    const holder = await createVerifiedUser({ role: 'MANAGER', language: 'en' });
    const setup = await call(mfaSetup, { token: holder.token, body: { currentPassword: TEST_PASSWORD } });
    expect(await mailsTo(holder.email)).toHaveLength(0);
    const enabled = await call(mfaEnable, {
      token: holder.token,
      body: { code: codeFor(setup.body.data!.secret), currentPassword: TEST_PASSWORD },
    });
    expect(enabled.status).toBe(200);
    const mails = await mailsTo(holder.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Two-step verification is on']);
    expect(mails[0]!.body.text).toContain('If this was not you');
  });
});
