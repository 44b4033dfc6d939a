import {
  type LambdaAliases,
  parseLiveVersions,
  readLiveVersions,
  rollBackLiveVersions,
} from '@infra/ops/live-aliases';
import { describe, expect, it } from 'vitest';

/** Lambda as the rollback sees it: functions, their versions in order, and the live alias's target. */
function lambdaOf(functions: Record<string, { versions: string[]; live?: string }>) {
  const calls: string[] = [];
  const lambda: LambdaAliases = {
    listFunctionNames: async () => Object.keys(functions),
    liveVersion: async (name) => functions[name]?.live,
    pointLive: async (name, version) => {
      const fn = functions[name]!;
      if (!fn.versions.includes(version)) throw new Error(`${name} has no version ${version}`);
      fn.live = version;
      calls.push(`${name}:${version}`);
    },
  };
  return { lambda, functions, calls };
}

describe('rolling a deploy back to the live versions saved before it', () => {
  it('saves only the stage’s functions that have a live alias', async () => {
    const { lambda } = lambdaOf({
      'exchange-prod-api-client-Login': { versions: ['1', '2'], live: '2' },
      'exchange-prod-jobs-WatchChain': { versions: ['4'], live: '4' },
      'exchange-prod-first-run-Provider': { versions: [] },
      'exchange-dev-api-client-Login': { versions: ['9'], live: '9' },
    });

    expect(await readLiveVersions(lambda, 'prod')).toEqual({
      'exchange-prod-api-client-Login': '2',
      'exchange-prod-jobs-WatchChain': '4',
    });
  });

  it('goes back to the version that served before, not the one before the newest (a failed canary’s version never served)', async () => {
    // Before the deploy: 7 served. A canary of 8 failed and was rolled back (8 stays, retained);
    // the next deploy published 9, which misbehaves. The version before the newest is 8.
    const { lambda, functions } = lambdaOf({
      'exchange-prod-api-client-Login': { versions: ['7'], live: '7' },
    });
    const saved = await readLiveVersions(lambda, 'prod');
    functions['exchange-prod-api-client-Login']!.versions.push('8', '9');
    functions['exchange-prod-api-client-Login']!.live = '9';

    const result = await rollBackLiveVersions(lambda, saved, { dryRun: false });

    expect(result.moved).toEqual([{ functionName: 'exchange-prod-api-client-Login', from: '9', to: '7' }]);
    expect(functions['exchange-prod-api-client-Login']!.live).toBe('7');
  });

  it('leaves what already serves its saved version, skips removed functions, and finishes the rest when run again', async () => {
    const { lambda, functions, calls } = lambdaOf({
      'exchange-prod-a': { versions: ['1', '2'], live: '2' },
      'exchange-prod-b': { versions: ['3'], live: '3' },
      'exchange-prod-c': { versions: ['5', '6'], live: '6' },
    });
    const saved = {
      'exchange-prod-a': '1',
      'exchange-prod-b': '3',
      'exchange-prod-c': '5',
      'exchange-prod-gone': '2',
    };
    const failOnce = lambda.pointLive;
    let failed = false;
    lambda.pointLive = async (name, version) => {
      if (name === 'exchange-prod-c' && !failed) {
        failed = true;
        throw new Error('throttled');
      }
      return failOnce(name, version);
    };

    await expect(rollBackLiveVersions(lambda, saved, { dryRun: false })).rejects.toThrow('throttled');
    const again = await rollBackLiveVersions(lambda, saved, { dryRun: false });

    expect(again.moved.map((step) => step.functionName)).toEqual(['exchange-prod-c']);
    expect(again.unchanged).toEqual(['exchange-prod-a', 'exchange-prod-b']);
    expect(again.missing).toEqual(['exchange-prod-gone']);
    expect(calls).toEqual(['exchange-prod-a:1', 'exchange-prod-c:5']);
    expect(functions['exchange-prod-c']!.live).toBe('5');
  });

  it('changes nothing in a dry run', async () => {
    const { lambda, calls } = lambdaOf({ 'exchange-prod-a': { versions: ['1', '2'], live: '2' } });

    const result = await rollBackLiveVersions(lambda, { 'exchange-prod-a': '1' }, { dryRun: true });

    expect(result.moved).toHaveLength(1);
    expect(calls).toEqual([]);
  });

  it('refuses a file that is not a saved list', () => {
    expect(parseLiveVersions('{"exchange-prod-a":"7"}')).toEqual({ 'exchange-prod-a': '7' });
    expect(() => parseLiveVersions('["7"]')).toThrow('Not a saved list');
    expect(() => parseLiveVersions('{"exchange-prod-a":"$LATEST"}')).toThrow('Not a saved list');
  });
});
