import { listAuditFor } from '@functions/data/audit';
import { findUserById } from '@functions/data/users';
import type {
  AdminApplicationDetail,
  AdminApplicationView,
  ApplicationView,
} from '@shared/contract/applications';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import { mailsTo } from '../../support/mail';
import type { TestUser } from '../../support/users';
import {
  createApplication,
  individualBody,
  newUser,
  setStatus,
  standardBody,
} from '../applications/fixtures';

type AdminPage = {
  items: AdminApplicationView[];
  total: number;
  totalPages: number;
  nextCursor: string | null;
  window: number | null;
  matched?: {
    idPrefix: string | null;
    currency: string | null;
    places: string[];
    contact: string | null;
    amount: string | null;
  } | null;
};

let manager: TestUser;
let otherManager: TestUser;
let owner: TestUser;

beforeAll(async () => {
  [manager, otherManager, owner] = await Promise.all([
    newUser({ role: 'MANAGER' }),
    newUser({ role: 'MANAGER' }),
    newUser({ language: 'en' }),
  ]);
});

const adminList = (query: string) =>
  api<AdminPage>('GET', `/api/admin/applications${query}`, { token: manager.token });
const detail = (id: string) =>
  api<AdminApplicationDetail>('GET', `/api/admin/applications/${id}`, { token: manager.token });
const details = (id: string, body: unknown, staff = manager) =>
  api<AdminApplicationView>('PUT', `/api/admin/applications/${id}/details`, { token: staff.token, body });

describe('GET /api/admin/applications', () => {
  let user: TestUser;
  const mine: ApplicationView[] = [];

  beforeAll(async () => {
    user = await newUser();
    mine.push(await createApplication(user, standardBody({ amount: 700 })));
    mine.push(
      await createApplication(
        user,
        standardBody({
          continent: 'cis',
          country: 'cis.russia',
          city: 'cis.russia.kazan',
          assetFrom: 'cash-RUB',
          amount: 90_000,
        }),
      ),
    );
    mine.push(await createApplication(user, individualBody()));
    await setStatus(manager, mine[0]!.id, 'PROCESSING');
  });

  it("filters by user, newest first, with the owner's email and telegramId", async () => {
    const answer = await adminList(`?userId=${user.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data!.items.map((item) => item.id)).toEqual([mine[2]!.id, mine[1]!.id, mine[0]!.id]);
    expect(answer.body.data).toMatchObject({ total: 3, totalPages: 1 });
    expect(answer.body.data!.items[0]!.user).toEqual({ email: user.email, telegramId: null });
  });

  it('filters by status', async () => {
    const answer = await adminList(`?status=PROCESSING&limit=100`);
    const ids = answer.body.data!.items.map((item) => item.id);
    expect(ids).toContain(mine[0]!.id);
    expect(ids).not.toContain(mine[1]!.id);
    expect(answer.body.data!.items.every((item) => item.status === 'PROCESSING')).toBe(true);
  });

  it('filters by user and status together', async () => {
    const answer = await adminList(`?userId=${user.id}&status=PENDING`);
    expect(answer.body.data!.items.map((item) => item.id)).toEqual([mine[2]!.id, mine[1]!.id]);
    expect(answer.body.data!.total).toBe(2);
  });

  it('finds an application by an id prefix of 8 characters', async () => {
    const answer = await adminList(`?search=${mine[1]!.id.slice(0, 8)}`);
    expect(answer.body.data!.items.map((item) => item.id)).toContain(mine[1]!.id);
  });

  it('finds an application by its full id', async () => {
    const answer = await adminList(`?search=${mine[1]!.id}`);
    expect(answer.body.data!.items.map((item) => item.id)).toEqual([mine[1]!.id]);
  });

  it('searches by currency and by city within a user', async () => {
    const byCurrency = await adminList(`?userId=${user.id}&search=rub`);
    const byCity = await adminList(`?userId=${user.id}&search=kazan`);
    expect(byCurrency.body.data!.items.map((item) => item.id)).toEqual([mine[1]!.id]);
    expect(byCity.body.data!.items.map((item) => item.id)).toEqual([mine[1]!.id]);
  });

  describe('search words (docs/decisions.md)', () => {
    let searcher: TestUser;
    let madrid: ApplicationView;
    let kazan: ApplicationView;
    let prague: ApplicationView;
    beforeAll(async () => {
      searcher = await newUser();
      madrid = await createApplication(searcher, standardBody());
      kazan = await createApplication(
        searcher,
        standardBody({
          continent: 'cis',
          country: 'cis.russia',
          city: 'cis.russia.kazan',
          assetFrom: 'cash-RUB',
          amount: 90_000,
        }),
      );
      prague = await createApplication(
        searcher,
        standardBody({
          country: 'europe.czech_republic',
          city: 'europe.czech_republic.prague',
          assetFrom: 'card-CZK',
          amount: 20_000,
          contactTelegram: '@Ivan_Petrov',
        }),
      );
    });
    const ids = async (search: string) =>
      (await adminList(`?userId=${searcher.id}&search=${encodeURIComponent(search)}`)).body.data!.items.map(
        (item) => item.id,
      );

    it('matches a currency code as a whole token of the assets, not inside a place key', async () => {
      await expect(ids('EUR')).resolves.toEqual([madrid.id]);
      await expect(ids('czk')).resolves.toEqual([prague.id]);
      await expect(ids('usdt')).resolves.toEqual([prague.id, kazan.id, madrid.id]);
      await expect(ids('EU')).resolves.toEqual([]);
    });

    it('matches a city, country or continent by its name in either language, any case or accent', async () => {
      await expect(ids('Прага')).resolves.toEqual([prague.id]);
      await expect(ids('prague')).resolves.toEqual([prague.id]);
      await expect(ids('КАЗАНЬ')).resolves.toEqual([kazan.id]);
      await expect(ids('Czech')).resolves.toEqual([prague.id]);
      await expect(ids('Россия')).resolves.toEqual([kazan.id]);
      await expect(ids('Europe')).resolves.toEqual([prague.id, madrid.id]);
      await expect(ids('Pra')).resolves.toEqual([]);
    });

    it("matches the owner's email, whole or its start, in any case", async () => {
      const all = [prague.id, kazan.id, madrid.id];
      await expect(ids(searcher.email)).resolves.toEqual(all);
      await expect(ids(searcher.email.slice(0, 10).toUpperCase())).resolves.toEqual(all);
      await expect(ids(`x${searcher.email}`)).resolves.toEqual([]);
    });

    it('matches a Telegram handle, whole or its start, with or without @; "ivan" is no currency', async () => {
      await expect(ids('ivan')).resolves.toEqual([prague.id]);
      await expect(ids('@ivan_petrov')).resolves.toEqual([prague.id]);
      await expect(ids('petrov')).resolves.toEqual([]);
      const answer = await adminList(`?userId=${searcher.id}&search=ivan`);
      expect(answer.body.data!.matched).toMatchObject({ currency: null, contact: 'ivan' });
    });

    it('matches an amount given or received, as staff type it', async () => {
      await expect(ids('20 000')).resolves.toEqual([prague.id]);
      await expect(ids('90000,00')).resolves.toEqual([kazan.id]);
      await expect(ids('500')).resolves.toEqual([madrid.id]);
      await expect(ids(String(kazan.amountTo))).resolves.toContain(kazan.id);
      await expect(ids('501')).resolves.toEqual([]);
    });

    it('says what the search was read as', async () => {
      const prefix = prague.id.slice(0, 8);
      const answer = await adminList(`?userId=${searcher.id}&search=${prefix}`);
      expect(answer.body.data!.items.map((item) => item.id)).toEqual([prague.id]);
      expect(answer.body.data!.matched).toMatchObject({ idPrefix: prefix });
      const place = await adminList(`?userId=${searcher.id}&search=${encodeURIComponent('Прага')}`);
      expect(place.body.data!.matched).toEqual({
        idPrefix: null,
        currency: null,
        places: ['europe.czech_republic.prague'],
        contact: 'прага',
        amount: null,
      });
      const none = await adminList(`?userId=${searcher.id}`);
      expect(none.body.data!.matched ?? null).toBeNull();
    });
  });

  it('sorts by amount within the window', async () => {
    const answer = await adminList(`?userId=${user.id}&sortBy=amountFrom&sortOrder=desc`);
    expect(answer.body.data!.items.map((item) => item.amountFrom)).toEqual([90_000, 700, null]);
    expect(answer.body.data!.window).toBe(500);
  });

  it('sorts by status', async () => {
    const answer = await adminList(`?userId=${user.id}&sortBy=status&sortOrder=asc`);
    expect(answer.body.data!.items.map((item) => item.status)).toEqual(['PENDING', 'PENDING', 'PROCESSING']);
  });

  it('sorts the whole table by status across status partitions', async () => {
    const answer = await adminList('?sortBy=status&sortOrder=asc&limit=100');
    const statuses = answer.body.data!.items.map((item) => item.status);
    expect(statuses).toEqual([...statuses].sort());
  });

  it('pages the unfiltered table and reports totals from the counters', async () => {
    const first = await adminList('?limit=2');
    const second = await adminList('?limit=2&page=2');
    expect(first.body.data!.items).toHaveLength(2);
    expect(first.body.data!.total).toBeGreaterThanOrEqual(3);
    expect(first.body.data!.totalPages).toBe(Math.ceil(first.body.data!.total / 2));
    expect(second.body.data!.items[0]!.id).not.toBe(first.body.data!.items[0]!.id);
  });

  it('refuses a limit above 100', async () => {
    const answer = await adminList('?limit=101');
    expect(answer.status).toBe(400);
  });

  it('shows the assignee by username', async () => {
    await details(mine[1]!.id, { assignedToId: otherManager.id });
    const answer = await adminList(`?userId=${user.id}`);
    const item = answer.body.data!.items.find((candidate) => candidate.id === mine[1]!.id)!;
    expect(item).toMatchObject({ assignedToId: otherManager.id, assignedTo: otherManager.username });
  });
});

describe('GET /api/admin/applications/{id}', () => {
  it('returns the application with its full status history', async () => {
    const application = await createApplication(owner, individualBody());
    await setStatus(manager, application.id, 'PROCESSING');
    await setStatus(manager, application.id, 'COMPLETED');
    const answer = await detail(application.id);
    expect(answer.status).toBe(200);
    expect(answer.body.data!.history.map((entry) => [entry.from, entry.to])).toEqual([
      [null, 'PENDING'],
      ['PENDING', 'PROCESSING'],
      ['PROCESSING', 'COMPLETED'],
    ]);
    expect(answer.body.data!.history[1]).toMatchObject({ actorId: manager.id, actorRole: 'MANAGER' });
  });

  it('answers 404 for an unknown id', async () => {
    const answer = await detail('00000000-0000-4000-8000-000000000000');
    expect(answer.status).toBe(404);
  });
});

describe('POST /api/admin/applications/{id}/status', () => {
  it('assigns an unassigned application to the staff member who takes it, and keeps one already assigned', async () => {
    const application = await createApplication(await newUser(), individualBody());
    expect((await setStatus(manager, application.id, 'PROCESSING')).status).toBe(200);
    expect((await detail(application.id)).body.data!.assignedToId).toBe(manager.id);

    const assigned = await createApplication(await newUser(), individualBody());
    await details(assigned.id, { assignedToId: otherManager.id });
    expect((await setStatus(manager, assigned.id, 'PROCESSING')).status).toBe(200);
    expect((await detail(assigned.id)).body.data!.assignedToId).toBe(otherManager.id);
  });

  it.each([
    ['PENDING', 'PROCESSING'],
    ['PENDING', 'REJECTED'],
    ['PENDING', 'CANCELLED'],
  ])('moves %s to %s', async (_from, to) => {
    const application = await createApplication(await newUser(), individualBody());
    const answer = await setStatus(manager, application.id, to, { rejectionReason: 'Documents missing' });
    expect(answer.status).toBe(200);
    expect(answer.body.data!.status).toBe(to);
  });

  it.each([['COMPLETED'], ['REJECTED'], ['CANCELLED']])('moves PROCESSING to %s', async (to) => {
    const application = await createApplication(await newUser(), individualBody());
    await setStatus(manager, application.id, 'PROCESSING');
    const answer = await setStatus(manager, application.id, to, { rejectionReason: 'Documents missing' });
    expect(answer.status).toBe(200);
  });

  it('refuses PENDING to COMPLETED with 409, TransitionNotAllowed and both statuses as params', async () => {
    const application = await createApplication(await newUser(), individualBody());
    const answer = await setStatus(manager, application.id, 'COMPLETED');
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      code: 'TransitionNotAllowed',
      message: 'An application cannot move from PENDING to COMPLETED.',
      params: { from: 'PENDING', to: 'COMPLETED' },
    });
  });

  it.each([['COMPLETED'], ['CANCELLED'], ['REJECTED']])('keeps %s terminal', async (terminal) => {
    const application = await createApplication(await newUser(), individualBody());
    await setStatus(manager, application.id, 'PROCESSING');
    await setStatus(manager, application.id, terminal, { rejectionReason: 'No' });
    const answer = await setStatus(manager, application.id, 'PROCESSING');
    expect(answer.status).toBe(409);
  });

  it('refuses a status staff may not set', async () => {
    const application = await createApplication(await newUser(), individualBody());
    const answer = await setStatus(manager, application.id, 'EXPIRED');
    expect(answer.status).toBe(400);
  });

  it.each([
    ['missing', undefined],
    ['blank', '   '],
  ])('refuses REJECTED with a %s reason', async (_name, rejectionReason) => {
    const application = await createApplication(await newUser(), individualBody());
    const answer = await setStatus(manager, application.id, 'REJECTED', { rejectionReason });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      expect.objectContaining({ path: 'rejectionReason', msg: 'Reason for rejection required.' }),
    ]);
  });

  it('stores the trimmed rejection reason, visible to the owner', async () => {
    const user = await newUser();
    const application = await createApplication(user, individualBody());
    await setStatus(manager, application.id, 'REJECTED', { rejectionReason: '  Source of funds unclear  ' });
    const mine = await api<ApplicationView>('GET', `/api/applications/${application.id}`, {
      token: user.token,
    });
    expect(mine.body.data).toMatchObject({ status: 'REJECTED', rejectionReason: 'Source of funds unclear' });
  });

  it('lets exactly one of two racing staff members win; the other gets 409', async () => {
    const application = await createApplication(await newUser(), individualBody());
    // Both saw PENDING; PENDING -> PROCESSING -> REJECTED is legal, so without the seen status a
    // machine slow enough to serialize the two requests would rightly accept both.
    const answers = await Promise.all([
      setStatus(manager, application.id, 'PROCESSING', { expectedStatus: 'PENDING' }),
      setStatus(otherManager, application.id, 'REJECTED', {
        rejectionReason: 'Duplicate',
        expectedStatus: 'PENDING',
      }),
    ]);
    const after = await detail(application.id);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(after.body.data!.history).toHaveLength(2);
  });

  it('refuses with 409 when the status the staff member saw is no longer current', async () => {
    const application = await createApplication(await newUser(), individualBody());
    await setStatus(otherManager, application.id, 'PROCESSING');
    const answer = await setStatus(manager, application.id, 'CANCELLED', { expectedStatus: 'PENDING' });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(/PROCESSING now, not PENDING/);
  });

  it('mails the owner in their language with the amount, the direction and the reason', async () => {
    const user = await newUser({ language: 'en' });
    const application = await createApplication(user, standardBody({ amount: 750 }));
    await setStatus(manager, application.id, 'REJECTED', { rejectionReason: 'Card <b>blocked</b>' });
    // The first mail is the one at creation (test/integration/applications/mails.test.ts has every fact).
    const mail = (await mailsTo(user.email)).at(-1);
    expect(mail!.subject).toBe(`Application ${application.id.slice(0, 8)}: rejected`);
    expect(mail!.body.text).toContain('750 Card EUR');
    expect(mail!.body.text).toMatch(/Reason:\s+Card <b>blocked<\/b>/);
    expect(mail!.body.html).toContain('Card &#60;b&#62;blocked&#60;/b&#62;');
  });

  it('mails a Russian-speaking owner in Russian', async () => {
    const user = await newUser({ language: 'ru' });
    const application = await createApplication(user, standardBody());
    await setStatus(manager, application.id, 'PROCESSING');
    const mail = (await mailsTo(user.email)).at(-1);
    expect(mail!.subject).toBe(`Заявка ${application.id.slice(0, 8)}: в работе`);
    expect(mail!.body.text).toContain('500 Карта EUR');
  });

  it('counts a completed application in the owner’s completed applications', async () => {
    const user = await newUser();
    const application = await createApplication(user, individualBody());
    await setStatus(manager, application.id, 'PROCESSING');
    await setStatus(manager, application.id, 'COMPLETED');
    expect((await findUserById(user.id, true))!.applicationCount).toBe(1);
  });

  it('records the change in the audit trail with actor, time, before and after', async () => {
    const application = await createApplication(await newUser(), individualBody());
    await setStatus(manager, application.id, 'PROCESSING');
    const [entry] = await listAuditFor('application', application.id);
    expect(entry).toMatchObject({
      actorId: manager.id,
      actorRole: 'MANAGER',
      action: 'application.status',
      before: { status: 'PENDING' },
      after: { status: 'PROCESSING' },
    });
    expect(Date.parse(entry!.at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('answers 404 for an unknown application', async () => {
    const answer = await setStatus(manager, '00000000-0000-4000-8000-000000000000', 'PROCESSING');
    expect(answer.status).toBe(404);
  });
});

describe('PUT /api/admin/applications/{id}/details', () => {
  it('sets an admin note and records before and after', async () => {
    const application = await createApplication(await newUser(), individualBody());
    const answer = await details(application.id, { adminNote: 'Called the client' });
    const [entry] = await listAuditFor('application', application.id);
    expect(answer.status).toBe(200);
    expect(answer.body.data!.adminNote).toBe('Called the client');
    expect(entry).toMatchObject({
      action: 'application.details',
      before: { adminNote: null },
      after: { adminNote: 'Called the client' },
    });
  });

  it('refuses a note over 2000 characters', async () => {
    const application = await createApplication(await newUser(), individualBody());
    const answer = await details(application.id, { adminNote: 'n'.repeat(2001) });
    expect(answer.status).toBe(400);
  });

  it('assigns an active manager and unassigns with null', async () => {
    const application = await createApplication(await newUser(), individualBody());
    const assigned = await details(application.id, { assignedToId: otherManager.id });
    const unassigned = await details(application.id, { assignedToId: null });
    expect(assigned.body.data).toMatchObject({
      assignedToId: otherManager.id,
      assignedTo: otherManager.username,
    });
    expect(unassigned.body.data).toMatchObject({ assignedToId: null, assignedTo: null });
  });

  it.each([
    ['a plain user', { role: 'USER' as const }],
    ['a deactivated manager', { role: 'MANAGER' as const, isActive: false }],
  ])('refuses to assign %s', async (_name, options) => {
    const [application, candidate] = await Promise.all([
      createApplication(await newUser(), individualBody()),
      newUser(options),
    ]);
    const answer = await details(application.id, { assignedToId: candidate.id });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ path: 'assignedToId' })]);
  });

  it('refuses to assign an unknown user', async () => {
    const application = await createApplication(await newUser(), individualBody());
    const answer = await details(application.id, { assignedToId: 'no-such-user' });
    expect(answer.status).toBe(400);
  });

  it('refuses an empty body', async () => {
    const application = await createApplication(await newUser(), individualBody());
    const answer = await details(application.id, {});
    expect(answer.status).toBe(400);
  });

  it('answers 404 for an unknown application', async () => {
    const answer = await details('00000000-0000-4000-8000-000000000000', { adminNote: 'x' });
    expect(answer.status).toBe(404);
  });

  it('keeps both of two parallel edits of different fields', async () => {
    const application = await createApplication(await newUser(), individualBody());
    await Promise.all([
      details(application.id, { adminNote: 'Parallel note' }),
      details(application.id, { assignedToId: manager.id }),
    ]);
    const after = await detail(application.id);
    expect(after.body.data).toMatchObject({ adminNote: 'Parallel note', assignedToId: manager.id });
  });
});
