import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * A bench step that starts a local stack of its own runs in a child process. The functions' data
 * client reads DYNAMODB_ENDPOINT once, when it is first imported: a second stack started in the
 * bench's own process would leave the handlers talking to the first one's DynamoDB Local, stopped
 * by then (ECONNREFUSED). A child process imports every module afresh.
 */
const TSX_CLI = path.join(import.meta.dirname, '../../node_modules/tsx/dist/cli.mjs');

/** Runs `file` (a bench module whose main calls `childMain`) in a fresh process; resolves to its result. */
export async function runInChild<T>(file: string): Promise<T> {
  const folder = mkdtempSync(path.join(tmpdir(), 'bench-child-'));
  const out = path.join(folder, 'result.json');
  try {
    const code = await new Promise<number>((resolve, reject) => {
      // Its stdout and stderr go to this process's stderr: the bench's report stays on stdout.
      const child = spawn(process.execPath, [TSX_CLI, file, out], { stdio: ['ignore', 2, 2] });
      child.once('error', reject);
      child.once('close', (exit) => resolve(exit ?? 1));
    });
    if (code !== 0) throw new Error(`bench: ${path.relative(process.cwd(), file)} exited with ${code}`);
    return JSON.parse(readFileSync(out, 'utf8')) as T;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** In the child: when `moduleUrl` is the file run, writes `measure()`'s result where runInChild reads it. */
export async function childMain(moduleUrl: string, measure: () => Promise<unknown>): Promise<void> {
  const [, script, out] = process.argv;
  if (!script || !out || moduleUrl !== pathToFileURL(path.resolve(script)).href) return;
  writeFileSync(out, JSON.stringify(await measure()));
  // Stand-ins and timers may keep handles open: the result is written, so leave.
  process.exit(0);
}
