import { tableChangeOf } from '@functions/data/live';
import { passesLiveFilter } from '@infra/local/live-stream';
import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';

/**
 * Which stream records live push turns into changes (functions/data/live.ts) and which the event
 * source's filter lets through (the live stack's filters, applied locally by the stream reader):
 * the kinds the end-to-end tests beside this file do not reach, a chain transfer entering review
 * above all (writing one into the shared table would put it on every other test's review list).
 */
function record(
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE',
  keys: { pk: string; sk: string },
  image: Record<string, AttributeValue> = {},
): DynamoDBRecord {
  const key = { pk: { S: keys.pk }, sk: { S: keys.sk } };
  return {
    eventName,
    dynamodb: { Keys: key, NewImage: eventName === 'REMOVE' ? undefined : { ...key, ...image } },
  };
}

const application = (eventName: 'INSERT' | 'MODIFY', extra: Record<string, AttributeValue> = {}) =>
  record(
    eventName,
    { pk: 'APP#a1', sk: 'APP' },
    {
      id: { S: 'a1' },
      userId: { S: 'u1' },
      status: { S: 'PENDING' },
      version: { N: '3' },
      updatedAt: { S: '2026-11-26T10:00:00.000Z' },
      ...extra,
    },
  );

describe('live stream records', () => {
  it("reads an application's item, with the lifecycle's last move and when it was made", () => {
    const paid = application('MODIFY', {
      status: { S: 'PAID' },
      lastMove: { S: 'markPaid' },
      statusChangedAt: { S: '2026-11-26T10:00:00.000Z' },
      clientPaid: { M: { at: { S: '2026-11-26T10:00:00.000Z' }, txHash: { NULL: true } } },
    });
    expect(tableChangeOf(paid)).toEqual({
      kind: 'application',
      inserted: false,
      id: 'a1',
      userId: 'u1',
      status: 'PAID',
      version: 3,
      updatedAt: '2026-11-26T10:00:00.000Z',
      lastMove: 'markPaid',
      statusChangedAt: '2026-11-26T10:00:00.000Z',
    });
    expect(tableChangeOf(application('INSERT'))).toMatchObject({ inserted: true, lastMove: null });
    expect(passesLiveFilter(paid)).toBe(true);
  });

  it('reads a new message as a change of its application, and a chain transfer only in review', () => {
    const message = record(
      'INSERT',
      { pk: 'APPMSG#a1', sk: '2026-11-26T10:00:00.000Z#m1' },
      { text: { S: 'hi' } },
    );
    expect(tableChangeOf(message)).toEqual({ kind: 'message', applicationId: 'a1' });
    expect(passesLiveFilter(message)).toBe(true);

    const review = record(
      'INSERT',
      { pk: 'CHAINTX#tx1', sk: 'TRANSFER' },
      { txId: { S: 'tx1' }, state: { S: 'review' } },
    );
    expect(tableChangeOf(review)).toEqual({ kind: 'chainTransfer', txId: 'tx1', state: 'review' });
    expect(passesLiveFilter(review)).toBe(true);

    const matched = record(
      'INSERT',
      { pk: 'CHAINTX#tx2', sk: 'TRANSFER' },
      { txId: { S: 'tx2' }, state: { S: 'matched' } },
    );
    expect(tableChangeOf(matched)).toBeNull();
    expect(passesLiveFilter(matched)).toBe(false);
  });

  it('reads an inserted staff notice as its notice, and nothing of another type or a later change', () => {
    const notice = (eventName: 'INSERT' | 'MODIFY', type: string) =>
      record(
        eventName,
        { pk: 'STAFFNOTICE#n1', sk: 'NOTICE' },
        { type: { S: type }, id: { S: 'a1' }, expiresAt: { N: '1' } },
      );
    expect(tableChangeOf(notice('INSERT', 'chain.application'))).toEqual({
      kind: 'staffNotice',
      type: 'chain.application',
      id: 'a1',
    });
    expect(passesLiveFilter(notice('INSERT', 'chain.application'))).toBe(true);
    expect(tableChangeOf(notice('INSERT', 'application.created'))).toBeNull();
    expect(tableChangeOf(notice('MODIFY', 'chain.application'))).toBeNull();
    expect(passesLiveFilter(notice('MODIFY', 'chain.application'))).toBe(false);
  });

  it('ignores everything else: history entries, removals, edited messages, other items', () => {
    const ignored = [
      record('INSERT', { pk: 'APP#a1', sk: 'HIST#2026-11-26T10:00:00.000Z#x' }, { to: { S: 'PROCESSING' } }),
      record('REMOVE', { pk: 'APP#a1', sk: 'APP' }),
      record('MODIFY', { pk: 'APPMSG#a1', sk: '2026-11-26T10:00:00.000Z#m1' }, { text: { S: 'hi' } }),
      record('INSERT', { pk: 'OUTBOX#o1', sk: 'MAIL' }, { mailState: { S: 'queued' } }),
      record('INSERT', { pk: 'LIVECONN#c1', sk: 'CONN' }, { userId: { S: 'u1' } }),
    ];
    for (const each of ignored) {
      expect(tableChangeOf(each), each.dynamodb?.Keys?.pk?.S).toBeNull();
      expect(passesLiveFilter(each), each.dynamodb?.Keys?.pk?.S).toBe(false);
    }
  });
});
