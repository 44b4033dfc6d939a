import type { StageName } from '../stacks/stages';

/**
 * The versions a stage's `live` aliases point at, saved before a deploy and put back to roll it
 * back (docs/operations.md, "Rolling back a bad deploy"). The version list cannot say which version
 * was live before: a canary that failed, or a stack update rolled back, leaves its new version
 * behind (versions are retained), so "the one before the last" can be a version that never served.
 */

/** Function name → the version its `live` alias points at. */
export type LiveVersions = Record<string, string>;

/** What the tool needs of Lambda (the script passes the SDK's client; tests a table of their own). */
export interface LambdaAliases {
  /** Every function name of the account and region. */
  listFunctionNames(): Promise<string[]>;
  /** The version the live alias (`LIVE_ALIAS`, infra/physical-names.ts) points at, or undefined when the function has no such alias. */
  liveVersion(functionName: string): Promise<string | undefined>;
  /** Points `live` at `version` alone (no weighted second version left from a canary). */
  pointLive(functionName: string, version: string): Promise<void>;
}

/**
 * The stage's functions: CloudFormation names them after their stack, `exchange-<stage>-…`, and
 * the workers carry that prefix as their fixed name (infra/physical-names.ts).
 */
export function isStageFunction(stage: StageName, functionName: string): boolean {
  return functionName.startsWith(`exchange-${stage}-`);
}

/** What each of the stage's functions serves now. */
export async function readLiveVersions(lambda: LambdaAliases, stage: StageName): Promise<LiveVersions> {
  const saved: LiveVersions = {};
  const names = (await lambda.listFunctionNames()).filter((name) => isStageFunction(stage, name)).sort();
  for (const name of names) {
    const version = await lambda.liveVersion(name);
    if (version !== undefined) saved[name] = version;
  }
  return saved;
}

/** A saved file's content, refused when it is not what `save` writes. */
export function parseLiveVersions(text: string): LiveVersions {
  const value = JSON.parse(text) as unknown;
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    !Object.values(value).every((version) => typeof version === 'string' && /^\d+$/.test(version))
  )
    throw new Error('Not a saved list of live versions ({"<function name>": "<version>"}).');
  return value as LiveVersions;
}

export interface RollbackStep {
  readonly functionName: string;
  readonly from: string | undefined;
  readonly to: string;
}

/**
 * Points each saved function's alias back at its saved version; a function serving it already is
 * left alone, so running it again after a failure finishes the rest. A function the deploy added has
 * no saved version and keeps its new one (the old code does not call it); one the deploy removed is
 * gone and skipped. With `dryRun`, only says what it would do.
 */
export async function rollBackLiveVersions(
  lambda: LambdaAliases,
  saved: LiveVersions,
  options: { dryRun: boolean },
): Promise<{ moved: RollbackStep[]; unchanged: string[]; missing: string[] }> {
  const moved: RollbackStep[] = [];
  const unchanged: string[] = [];
  const missing: string[] = [];
  const existing = new Set(await lambda.listFunctionNames());
  for (const [functionName, version] of Object.entries(saved)) {
    if (!existing.has(functionName)) {
      missing.push(functionName);
      continue;
    }
    const now = await lambda.liveVersion(functionName);
    if (now === version) {
      unchanged.push(functionName);
      continue;
    }
    if (!options.dryRun) await lambda.pointLive(functionName, version);
    moved.push({ functionName, from: now, to: version });
  }
  return { moved, unchanged, missing };
}
