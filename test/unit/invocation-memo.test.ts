import { readOncePerInvocation, withInvocationMemo } from '@functions/commons/invocation-memo';
import { describe, expect, it } from 'vitest';

/** A read that counts its calls and answers the call's number. */
function countedRead() {
  let calls = 0;
  return {
    read: async () => {
      calls += 1;
      return calls;
    },
    calls: () => calls,
  };
}

describe('readOncePerInvocation', () => {
  it('reads once per key within an invocation, whoever asks', async () => {
    const zone = countedRead();
    const mfa = countedRead();
    const handler = withInvocationMemo(async () => [
      await readOncePerInvocation('setting:businessTimeZone', zone.read),
      await readOncePerInvocation('setting:businessTimeZone', zone.read),
      await readOncePerInvocation('setting:staffMfaRequired', mfa.read),
    ]);

    expect(await handler()).toEqual([1, 1, 1]);
    expect([zone.calls(), mfa.calls()]).toEqual([1, 1]);
  });

  it('reads afresh in the next invocation, and keeps concurrent ones apart', async () => {
    const zone = countedRead();
    const handler = withInvocationMemo(async (pause: number) => {
      const first = await readOncePerInvocation('setting:businessTimeZone', zone.read);
      await new Promise((resolve) => setTimeout(resolve, pause));
      return [first, await readOncePerInvocation('setting:businessTimeZone', zone.read)];
    });

    const [slow, quick] = await Promise.all([handler(20), handler(0)]);
    const next = await handler(0);

    expect([slow, quick]).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(next).toEqual([3, 3]);
  });

  it('reads every time outside an invocation (a script or test calling the domain)', async () => {
    const zone = countedRead();

    await readOncePerInvocation('setting:businessTimeZone', zone.read);
    await readOncePerInvocation('setting:businessTimeZone', zone.read);

    expect(zone.calls()).toBe(2);
  });
});
