import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createIsolatedTable } from '../applications/isolated-table';

/**
 * The re-drive job's gauges of each channel's oldest unsent item, read from the EMF lines it writes, on a table
 * of this file's own without a mail sender (so its mails stay unsent), functions/ modules imported
 * only dynamically, after the table exists. Each test works on a day of its own, past the previous
 * test's mails and outside its 24-hour window.
 */
let drop: () => Promise<void>;
let m: Awaited<ReturnType<typeof modules>>;

const modules = async () => ({
  redrive: await import('@functions/domain/outbox/redrive'),
  outbox: await import('@functions/data/outbox'),
  transactions: await import('@functions/data/transactions'),
});

const MINUTE = 60_000;
/** Minute `minutes` of test `n`'s day (every other day from 2030-03-01, from noon UTC). */
const clockOf =
  (n: number) =>
  (minutes = 0) =>
    new Date(Date.parse('2030-03-01T12:00:00.000Z') + n * 2 * 24 * 60 * MINUTE + minutes * MINUTE);

/** Queues one mail as a change's transaction does, created at `at`; answers its id. */
async function queueMail(at: Date): Promise<string> {
  const put = m.outbox.outboxPut(
    'verify-email',
    { to: 'oldest-unsent@example.test', subject: 'Confirm', text: 'Confirm', html: '<p>Confirm</p>' },
    at,
  );
  await m.transactions.transactWrite([put]);
  return String(put.Put!.Item!.id);
}

/** Queues one Telegram message as a change's transaction does, created at `at`. */
async function queueTelegram(at: Date): Promise<void> {
  const put = m.outbox.outboxTelegramPut(
    'telegram-staff-alert',
    { method: 'sendMessage', params: { chat_id: -100, text: 'Paid' } },
    at,
  );
  await m.transactions.transactWrite([put]);
}

/** A gauge's values a re-drive run at `now` writes (LOG_LEVEL=INFO while it runs). */
async function gaugeOfRun(
  now: Date,
  gauge: 'OldestUnsentMailMinutes' | 'OldestUnsentTelegramMinutes' = 'OldestUnsentMailMinutes',
): Promise<unknown[]> {
  vi.stubEnv('LOG_LEVEL', 'INFO');
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    await m.redrive.redriveOutbox(now);
    return log.mock.calls
      .map(([line]) => JSON.parse(String(line)) as Record<string, unknown>)
      .filter((line) => line._aws !== undefined && gauge in line)
      .map((line) => line[gauge]);
  } finally {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  }
}

beforeAll(async () => {
  drop = await createIsolatedTable('oldest-unsent');
  m = await modules();
});

afterAll(async () => {
  await drop();
});

describe('the re-drive job', () => {
  it('writes OldestUnsentMailMinutes 0 when no mail waits', async () => {
    expect(await gaugeOfRun(clockOf(0)())).toEqual([0]);
  });

  it('writes the age in whole minutes of the oldest mail not yet sent', async () => {
    const at = clockOf(1);
    await queueMail(at(0));
    await queueMail(at(10));

    expect(await gaugeOfRun(at(47.5))).toEqual([47]);
  });

  it('leaves out a mail whose outcome is unknown: it waits for an operator, not for the sender', async () => {
    const at = clockOf(2);
    const claimed = await queueMail(at(0));
    await m.outbox.claimOutboxItem(claimed, at(1));
    await queueMail(at(30));
    // This run finds the claim past its lease and marks the mail `unknown`.
    await m.redrive.redriveOutbox(at(60));

    expect(await gaugeOfRun(at(65))).toEqual([35]);
  });

  it("counts a Telegram message held back in the Telegram channel's own gauge, not in mail's", async () => {
    const at = clockOf(3);
    await queueTelegram(at(0));
    await queueMail(at(20));

    expect(await gaugeOfRun(at(30), 'OldestUnsentTelegramMinutes')).toEqual([30]);
    expect(await gaugeOfRun(at(30), 'OldestUnsentMailMinutes')).toEqual([10]);
  });
});
