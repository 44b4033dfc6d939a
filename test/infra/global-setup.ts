import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * One folder for the run's cloud assemblies. synth.ts shares each synthesized app among the files
 * of a worker, so no file may remove the assembly it used; the teardown removes them all.
 */
let root: string | undefined;

export function setup(project: TestProject) {
  root = mkdtempSync(path.join(tmpdir(), 'exchange-infra-'));
  project.provide('infraAssemblies', root);
}

export function teardown() {
  if (root) rmSync(root, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    infraAssemblies: string;
  }
}
