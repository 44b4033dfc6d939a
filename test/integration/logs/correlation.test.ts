import { randomUUID } from 'node:crypto';
import type { ApiEvent, ApiResult } from '@functions/pipeline/http-types';
import type { LocalMailSender } from '@infra/local/outbox';
import { adminChangeApplicationStatus } from '@shared/routes/admin-applications';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import fixture from '../../fixtures/http-api-v2-event.json';
import { putUser } from '../applications/isolated-table';
import { newTronAddress, sendUsdt, setUpChainTable } from '../chain/chain-table';
import { usdtToCashBody } from '../chain/fixtures';

/**
 * One deal followed through the logs (docs/operations.md "Following one deal through the logs"):
 * the lines of a request or a chain transfer carry a correlation id, the outbox items they queue
 * carry it, and so do the sender's lines about those items. Everything runs in this process, on a
 * table of this file's own with a mail sender of its own (so the shared stack's sender never takes
 * these mails), and the lines are read as the functions write them to the console.
 */
const chain = setUpChainTable('correlation');
let sender: LocalMailSender;
let local: typeof import('@infra/local/api-adapter');
let outbox: typeof import('@functions/data/outbox');

beforeAll(async () => {
  local = await import('@infra/local/api-adapter');
  outbox = await import('@functions/data/outbox');
  sender = await (await import('@infra/local/outbox')).startLocalMailSender({ pollMs: null });
});

afterAll(async () => {
  await sender.stop();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

type Line = Record<string, unknown>;

/** Every JSON line the logger writes from now on (info to stdout, warnings to stderr). */
function captureLines(): Line[] {
  vi.stubEnv('LOG_LEVEL', 'INFO');
  const lines: Line[] = [];
  const record = (text: unknown) => {
    try {
      lines.push(JSON.parse(String(text)) as Line);
    } catch {
      // Not a log line of ours.
    }
  };
  vi.spyOn(console, 'log').mockImplementation(record);
  vi.spyOn(console, 'error').mockImplementation(record);
  return lines;
}

/** The outbox items not sent yet that carry `correlationId`. */
async function queuedFor(correlationId: string) {
  return (await outbox.listAllUnsentItems(1000)).filter((item) => item.correlationId === correlationId);
}

const MINUTE = 60_000;

/** A USDT → cash deal waiting for `amount` on a wallet of its own, as a manager left it. */
async function waitingDeal(amount: number) {
  const { m, manager } = chain;
  const actor = { id: manager.id, role: 'MANAGER' as const };
  const address = newTronAddress();
  const template = await m.templates.createPaymentTemplate(
    { kind: 'usdt', label: `Wallet ${address}`, address },
    actor,
  );
  const owner = await putUser({ language: 'en' });
  const at = new Date(Date.now() - MINUTE);
  const { application } = await m.create.createApplication(owner.id, usdtToCashBody(amount), undefined, at);
  await m.admin.changeApplicationStatus(application.id, { status: 'PROCESSING' }, actor, at);
  const issued = await m.deal.issueInstructions(
    application.id,
    { text: 'Send exactly this amount', templateId: template.id, paymentWindowMinutes: 30 },
    actor,
    at,
  );
  return { id: application.id, address, payable: issued.instructions!.crypto!.amount, owner };
}

describe('following one deal through the logs', () => {
  it("follows a staff status change by its request id to its mail's outbox item and to the line that sent it", async () => {
    const owner = await putUser({ language: 'en' });
    const { application } = await chain.m.create.createApplication(owner.id, usdtToCashBody(200), undefined);
    const { startSession } = await import('@functions/domain/accounts/sessions');
    const { token } = await startSession(chain.manager);
    const handler = await local.loadFunctionModule(adminChangeApplicationStatus.handler);
    const path = `/api/admin/applications/${application.id}/status`;
    const context = local.lambdaContext('adminChangeApplicationStatus');
    const lines = captureLines();

    const answer = (await handler(
      {
        ...structuredClone(fixture),
        routeKey: `POST ${adminChangeApplicationStatus.path}`,
        rawPath: path,
        headers: { ...fixture.headers, authorization: `Bearer ${token}` },
        pathParameters: { id: application.id },
        requestContext: {
          ...fixture.requestContext,
          http: { ...fixture.requestContext.http, path },
          requestId: randomUUID(),
        },
        body: JSON.stringify({ status: 'PROCESSING' }),
      } as ApiEvent,
      context,
      () => {},
    )) as ApiResult;

    expect(answer.statusCode).toBe(200);
    const moved = lines.find((line) => line.message === 'application moved');
    expect(moved).toMatchObject({
      applicationId: application.id,
      to: 'PROCESSING',
      requestId: context.awsRequestId,
      function: 'adminChangeApplicationStatus',
    });
    const [item, ...others] = await queuedFor(context.awsRequestId);
    expect(others).toEqual([]);
    expect(item).toMatchObject({ kind: 'application-status', to: owner.email });

    await sender.drain();
    const sent = lines.find((line) => line.message === 'mail sent' && line.outboxId === item!.id);
    expect(sent).toMatchObject({
      correlationId: context.awsRequestId,
      kind: 'application-status',
      function: 'sendMail',
    });
    expect(sent!.requestId).not.toBe(context.awsRequestId);
  });

  it("follows a payment on chain by its txId from the watcher's lines to the mail its move queued", async () => {
    const deal = await waitingDeal(300);
    const txId = await sendUsdt(chain.standIn, deal.address, deal.payable, { final: true });
    const { handler: watchChain } = await import('@functions/jobs/watch-chain');
    const lines = captureLines();

    await watchChain(undefined, local.lambdaContext('watchChain'));

    const recorded = lines.find((line) => line.message === 'chain transfer recorded' && line.txId === txId);
    expect(recorded).toMatchObject({
      state: 'matched',
      applicationId: deal.id,
      correlationId: txId,
      job: 'watchChain',
    });
    const moves = lines.filter(
      (line) => line.message === 'application moved' && line.applicationId === deal.id,
    );
    expect(moves.length).toBeGreaterThan(0);
    for (const move of moves) expect(move).toMatchObject({ txId, correlationId: txId });
    const items = await queuedFor(txId);
    expect(items.map((item) => item.to)).toContain(deal.owner.email);

    await sender.drain();
    const sent = lines.filter((line) => line.message === 'mail sent' && line.correlationId === txId);
    expect(sent.map((line) => line.outboxId).sort()).toEqual(items.map((item) => item.id).sort());
  });
});
