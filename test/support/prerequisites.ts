import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * What `npm test` needs from the machine beyond `npm ci`: Java for DynamoDB Local (the integration
 * and e2e stacks start its jar with `java` from PATH) and Debian's Chromium with its headless shell
 * for the browser tests (test/e2e/support/browser.ts; E2E_CHROME names another build instead).
 * Without them every e2e file fails on its own with a stack trace; checked first, the suite stops
 * with one line that says what to install.
 */
export interface MachineProbe {
  /** Whether an executable of this name is on PATH. */
  readonly commandOnPath: (name: string) => boolean;
  /** Whether this path is an executable file. */
  readonly isExecutable: (path: string) => boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** The Debian packages .ci/run installs, and what each provides. */
const JAVA_PACKAGE = 'openjdk-17-jre-headless';
const BROWSERS = [
  { path: '/usr/bin/chromium', package: 'chromium' },
  { path: '/usr/bin/chromium-headless-shell', package: 'chromium-headless-shell' },
] as const;

/** The packages to install, in .ci/run's order; empty when the machine has everything. */
export function missingPackages(probe: MachineProbe): string[] {
  const missing: string[] = [];
  if (!probe.commandOnPath('java')) missing.push(JAVA_PACKAGE);
  // A browser of the developer's own replaces Debian's two.
  if (!probe.env.E2E_CHROME) {
    for (const browser of BROWSERS) if (!probe.isExecutable(browser.path)) missing.push(browser.package);
  }
  return missing;
}

/** One line saying what is missing and how to get it, or undefined when nothing is. */
export function prerequisiteProblem(probe: MachineProbe): string | undefined {
  const chrome = probe.env.E2E_CHROME;
  const badChrome = chrome !== undefined && chrome !== '' && !probe.isExecutable(chrome);
  const missing = missingPackages(probe);
  if (missing.length === 0 && !badChrome) return undefined;
  const problems = [
    ...(missing.length > 0 ? [`install what it lacks: apt-get install -y ${missing.join(' ')}`] : []),
    ...(badChrome ? [`E2E_CHROME=${chrome} is not an executable file`] : []),
  ];
  return `npm test needs Java (DynamoDB Local) and Chromium with its headless shell (the browser tests); ${problems.join('; ')}`;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** This machine, as the suite sees it. */
export const thisMachine: MachineProbe = {
  commandOnPath: (name) =>
    (process.env.PATH ?? '')
      .split(delimiter)
      .filter((folder) => folder.length > 0)
      .some((folder) => isExecutable(join(folder, name))),
  isExecutable,
  env: process.env,
};
