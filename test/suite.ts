import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { prerequisiteProblem, thisMachine } from './support/prerequisites';
import { startSharedDynamo } from './support/shared-dynamo';

/**
 * `npm test`: the type check and lint, the e2e projects and the other Vitest projects as five
 * lanes at once (docs/architecture.md §11). One `vitest run` runs its projects one after another
 * and e2e last (it allows one file at a time), so on two cores the suite was a queue that kept
 * about one core busy; as lanes, the browser tests overlap with the rest and nothing waits for the
 * type check. Each lane still runs its commands in order and stops at the first that fails; every
 * line a lane prints carries its name, and the run fails when any lane fails.
 */
interface Lane {
  readonly name: string;
  readonly commands: readonly (readonly string[])[];
}

const LANES: readonly Lane[] = [
  {
    name: 'checks',
    commands: [
      ['npm', 'run', '--silent', 'typecheck'],
      ['npm', 'run', '--silent', 'lint'],
      // The CDK assertions, the web components and the pure functions here rather than in the
      // tests lane, which waits for much of its time.
      ['vitest', 'run', '--project', 'infra', '--project', 'web', '--project', 'unit'],
    ],
  },
  // The browser tests as two lanes on a stack each (vitest.config.ts `e2e-installation`): a file
  // mostly waits for its pages, so one lane of them all kept half a core busy for ten minutes.
  {
    name: 'e2e',
    commands: [
      ['vitest', 'run', '--project', 'e2e'],
      // The business day in two browsers, on a stack of its own (it closes the day it ran in).
      ['vitest', 'run', '--project', 'e2e-day'],
    ],
  },
  {
    name: 'e2e-installation',
    commands: [
      ['vitest', 'run', '--project', 'e2e-installation'],
      // The integration files that work at volume (the capacity seeds, the 100,000-movement
      // export, the permission matrix), the restore drill and the staff group, on a stack of their own
      // (vitest.config.ts `bulk`): here, after the shorter e2e project.
      ['vitest', 'run', '--project', 'bulk'],
    ],
  },
  // The API tests as two lanes on a stack each (vitest.config.ts `integration-deals`), whose stacks
  // share one DynamoDB Local: as one lane they ended the run.
  { name: 'tests', commands: [['vitest', 'run', '--project', 'integration']] },
  { name: 'deals', commands: [['vitest', 'run', '--project', 'integration-deals']] },
];
const WIDTH = Math.max(...LANES.map((lane) => lane.name.length));

/**
 * Vitest's lines that name a failed file or test. They are repeated under the lanes' summary:
 * a run's log is often read from its tail only, and the lanes' output interleaves.
 */
const FAILURE_LINE = /^\s*(×|FAIL\s)/;
const failures: string[] = [];
/**
 * Vitest's own account of its failures (from "Failed Tests" up to its "Test Files" summary): the
 * error and the line it came from. A lane that fails early has it scrolled far above a log's tail.
 */
const FAILURE_REPORT_START = /⎯ (Failed Tests|Failed Suites|Unhandled Errors?) \d*/;
const FAILURE_REPORT_END = /^\s*Test Files\s/;
const FAILURE_REPORT_LINES = 80;
const failureReports: string[] = [];
// biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes are what it strips.
const withoutColour = (line: string) => line.replace(/\u001b\[[0-9;]*m/g, '');

/** Runs one command with its output prefixed by the lane's name; resolves to its exit code. */
function run(lane: Lane, command: readonly string[]): Promise<number> {
  const [file, ...args] = command as [string, ...string[]];
  const child = spawn(file, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Colours as if the lane wrote to this terminal itself.
    env: process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env,
  });
  const prefix = `${lane.name.padEnd(WIDTH)} │ `;
  let reporting = false;
  let reported = 0;
  for (const [stream, target] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
      target.write(`${prefix}${line}\n`);
      const plain = withoutColour(line);
      if (FAILURE_LINE.test(plain)) failures.push(`${prefix}${plain.trim()}`);
      if (FAILURE_REPORT_START.test(plain)) reporting = true;
      else if (FAILURE_REPORT_END.test(plain)) reporting = false;
      if (reporting && reported < FAILURE_REPORT_LINES) {
        failureReports.push(`${prefix}${plain}`);
        reported += 1;
      }
    });
  }
  return new Promise((resolve) => {
    child.once('error', (error) => {
      process.stderr.write(`${prefix}${command.join(' ')}: ${error.message}\n`);
      resolve(1);
    });
    child.once('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function runLane(lane: Lane): Promise<{ lane: Lane; code: number; seconds: number }> {
  const started = performance.now();
  let code = 0;
  for (const command of lane.commands) {
    code = await run(lane, command);
    if (code !== 0) break;
  }
  return { lane, code, seconds: (performance.now() - started) / 1000 };
}

// Java and the browsers first: without them every e2e file would fail on its own, each with a trace.
const problem = prerequisiteProblem(thisMachine);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}

// The API test lanes' DynamoDB Local (test/support/shared-dynamo.ts).
const dynamo = await startSharedDynamo();
const results = await Promise.all(LANES.map(runLane));
dynamo.stop();
process.stdout.write('\n');
for (const { lane, code, seconds } of results) {
  process.stdout.write(
    `${lane.name.padEnd(WIDTH)}   ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(0)} s\n`,
  );
}
if (failureReports.length > 0) process.stdout.write(`\nWhy:\n${failureReports.join('\n')}\n`);
if (failures.length > 0) process.stdout.write(`\nWhat failed:\n${[...new Set(failures)].join('\n')}\n`);
process.exitCode = results.some((result) => result.code !== 0) ? 1 : 0;
