import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDynamoLocal } from '@infra/local/dynamo';
import { freePort, LocalStackError } from '@infra/local/ports';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * What `npm start` says when Java is missing or DynamoDB Local dies at start-up: one line that
 * says what happened. A stand-in `java` first on PATH plays the failing runtime.
 */
const folders: string[] = [];

function pathWithJava(script: string | null): string {
  const folder = mkdtempSync(join(tmpdir(), 'fake-java-'));
  folders.push(folder);
  if (script !== null) {
    writeFileSync(join(folder, 'java'), `#!/bin/sh\n${script}\n`);
    chmodSync(join(folder, 'java'), 0o755);
  }
  return folder;
}

afterEach(() => {
  vi.unstubAllEnvs();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('startDynamoLocal', () => {
  it('says Java was not found, and how to install it, when there is no java', async () => {
    vi.stubEnv('PATH', pathWithJava(null));
    const start = startDynamoLocal(await freePort(), null);
    await expect(start).rejects.toBeInstanceOf(LocalStackError);
    await expect(start).rejects.toThrow(/^Java was not found: install a Java runtime 17\+/);
  });

  it('names the exit code and the last line Java printed when it stops at start-up', async () => {
    vi.stubEnv(
      'PATH',
      `${pathWithJava('echo "Error: UnsupportedClassVersionError: class file version 61.0" >&2; exit 1')}:/usr/bin:/bin`,
    );
    await expect(startDynamoLocal(await freePort(), null)).rejects.toThrow(
      'DynamoDB Local exited early (code 1): Error: UnsupportedClassVersionError: class file version 61.0',
    );
  });

  it('runs the jar with the serial collector, unless the JVM options of the environment say otherwise', async () => {
    vi.stubEnv('PATH', `${pathWithJava('echo "options: $JAVA_TOOL_OPTIONS" >&2; exit 1')}:/usr/bin:/bin`);
    vi.stubEnv('JAVA_TOOL_OPTIONS', '-Xmx256m');
    await expect(startDynamoLocal(await freePort(), null)).rejects.toThrow(
      'DynamoDB Local exited early (code 1): options: -XX:+UseSerialGC -Xmx256m',
    );
    expect(process.env.JAVA_TOOL_OPTIONS).toBe('-Xmx256m');
  });

  it("runs the jar with AWS's telemetry off, unless the developer set it", async () => {
    vi.stubEnv('PATH', `${pathWithJava('echo "telemetry: $DDB_LOCAL_TELEMETRY" >&2; exit 1')}:/usr/bin:/bin`);
    vi.stubEnv('DDB_LOCAL_TELEMETRY', undefined);
    await expect(startDynamoLocal(await freePort(), null)).rejects.toThrow(
      'DynamoDB Local exited early (code 1): telemetry: 0',
    );
    expect(process.env.DDB_LOCAL_TELEMETRY).toBeUndefined();
    vi.stubEnv('DDB_LOCAL_TELEMETRY', '1');
    await expect(startDynamoLocal(await freePort(), null)).rejects.toThrow(
      'DynamoDB Local exited early (code 1): telemetry: 1',
    );
  });
});
