import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type MachineProbe, missingPackages, prerequisiteProblem } from '../support/prerequisites';

/**
 * `npm test` checks the machine before it starts anything: without Java or Debian's Chromium and
 * its headless shell it stops with one line naming the apt-get command, instead of 28 e2e files
 * failing each with a stack trace. The probe is injected: what is on PATH and which files exist.
 */
const ROOT = join(import.meta.dirname, '../..');

function machine(has: { java?: boolean; files?: string[]; env?: Record<string, string> }): MachineProbe {
  return {
    commandOnPath: (name) => name === 'java' && has.java !== false,
    isExecutable: (path) => (has.files ?? []).includes(path),
    env: has.env ?? {},
  };
}

const DEBIAN_BROWSERS = ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'];

describe('the test suite prerequisites', () => {
  it('finds nothing missing on a machine with java and both browsers', () => {
    const probe = machine({ files: DEBIAN_BROWSERS });
    expect(missingPackages(probe)).toEqual([]);
    expect(prerequisiteProblem(probe)).toBeUndefined();
  });

  it('names only the packages that are missing, in the order .ci/run installs them', () => {
    expect(missingPackages(machine({ java: false, files: DEBIAN_BROWSERS }))).toEqual([
      'openjdk-17-jre-headless',
    ]);
    expect(missingPackages(machine({ files: ['/usr/bin/chromium'] }))).toEqual(['chromium-headless-shell']);
    expect(missingPackages(machine({ java: false }))).toEqual([
      'openjdk-17-jre-headless',
      'chromium',
      'chromium-headless-shell',
    ]);
  });

  it('says it in one line with the apt-get command', () => {
    const line = prerequisiteProblem(machine({ files: ['/usr/bin/chromium'] }));
    expect(line).toContain('apt-get install -y chromium-headless-shell');
    expect(line).not.toContain('\n');
  });

  it('takes E2E_CHROME instead of the Debian browsers, and says when it names no executable', () => {
    const own = '/opt/chrome/headless_shell';
    expect(prerequisiteProblem(machine({ files: [own], env: { E2E_CHROME: own } }))).toBeUndefined();
    const line = prerequisiteProblem(machine({ env: { E2E_CHROME: own } }));
    expect(line).toContain(`E2E_CHROME=${own} is not an executable file`);
    expect(line).not.toContain('apt-get');
  });

  it('stops `npm test` before any lane starts, with that one line and exit code 1', () => {
    // No PATH: no java (and no npm for a lane to start); the browsers are this machine's or E2E_CHROME.
    const run = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'test/suite.ts')],
      {
        cwd: ROOT,
        env: { PATH: '', E2E_CHROME: process.execPath, HOME: process.env.HOME ?? '/tmp' },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringContaining('apt-get install -y openjdk-17-jre-headless'),
    ]);
    expect(run.status).toBe(1);
  });
});
