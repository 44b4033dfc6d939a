/**
 * Saves what the stage's `live` aliases serve before a deploy, and points them back at it to roll
 * the deploy back (docs/operations.md, "Rolling back a bad deploy"):
 *
 *   npm run live-versions -- save --stage prod [--out <file>]
 *   npm run live-versions -- restore --stage prod --from <file> [--dry-run]
 *
 * Uses the operator's AWS credentials; the region is AWS_REGION, else the stage's.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  GetAliasCommand,
  LambdaClient,
  paginateListFunctions,
  UpdateAliasCommand,
} from '@aws-sdk/client-lambda';
import { LIVE_ALIAS } from '../physical-names';
import { isStageName, STAGES } from '../stacks/stages';
import {
  type LambdaAliases,
  parseLiveVersions,
  readLiveVersions,
  rollBackLiveVersions,
} from './live-aliases';

const USAGE =
  'Usage: npm run live-versions -- save --stage dev|prod [--out <file>]\n' +
  '       npm run live-versions -- restore --stage dev|prod --from <file> [--dry-run]';

function lambdaAliases(client: LambdaClient): LambdaAliases {
  return {
    async listFunctionNames() {
      const names: string[] = [];
      for await (const page of paginateListFunctions({ client }, {}))
        for (const fn of page.Functions ?? []) if (fn.FunctionName) names.push(fn.FunctionName);
      return names;
    },
    async liveVersion(functionName) {
      try {
        const alias = await client.send(
          new GetAliasCommand({ FunctionName: functionName, Name: LIVE_ALIAS }),
        );
        return alias.FunctionVersion;
      } catch (error) {
        if ((error as Error).name === 'ResourceNotFoundException') return undefined;
        throw error;
      }
    },
    async pointLive(functionName, version) {
      await client.send(
        new UpdateAliasCommand({
          FunctionName: functionName,
          Name: LIVE_ALIAS,
          FunctionVersion: version,
          // A canary interrupted mid-shift leaves a second, weighted version on the alias.
          RoutingConfig: { AdditionalVersionWeights: {} },
        }),
      );
    },
  };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      stage: { type: 'string' },
      out: { type: 'string' },
      from: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
    },
  });
  const [action] = positionals;
  if (!values.stage || !isStageName(values.stage) || (action !== 'save' && action !== 'restore'))
    throw new Error(USAGE);
  const stage = values.stage;
  const region = process.env.AWS_REGION ?? STAGES[stage].region;
  const lambda = lambdaAliases(new LambdaClient({ region }));

  if (action === 'save') {
    const saved = await readLiveVersions(lambda, stage);
    const file =
      values.out ?? `live-versions-${stage}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
    await writeFile(file, `${JSON.stringify(saved, null, 2)}\n`);
    console.log(
      `Saved the live versions of ${Object.keys(saved).length} functions of ${stage} (${region}) to ${file}.`,
    );
    return;
  }
  if (!values.from) throw new Error(USAGE);
  const saved = parseLiveVersions(await readFile(values.from, 'utf8'));
  const dryRun = values['dry-run'];
  const result = await rollBackLiveVersions(lambda, saved, { dryRun });
  for (const step of result.moved)
    console.log(
      `${dryRun ? 'Would point' : 'Pointed'} ${step.functionName} live: ${step.from ?? '-'} -> ${step.to}`,
    );
  console.log(
    `${result.moved.length} ${dryRun ? 'to move' : 'moved'}, ${result.unchanged.length} already on their saved version` +
      (result.missing.length > 0
        ? `, ${result.missing.length} no longer exist: ${result.missing.join(', ')}`
        : '.'),
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  },
);
