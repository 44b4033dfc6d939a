import { mkdtempSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ApiFunction } from '@infra/constructs/api-function';
import { PROJECT_ROOT } from '@infra/constructs/bundling';
import { buildService, type ServiceManifest, type ServiceStacks } from '@infra/stacks/service';
import { readServiceConfig } from '@infra/stacks/service-config';
import { App, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { inject } from 'vitest';

export { PROD_CONTEXT } from './prod-context';

export interface SynthOptions {
  /** Overrides of cdk.json's context, e.g. `{ stage: 'prod' }`. */
  readonly context?: Record<string, string>;
  /**
   * Run esbuild for every function (slow). Files that only inspect resources skip it; CDK then
   * stages a placeholder asset, which changes nothing in the templates but the asset hashes.
   */
  readonly bundle?: boolean;
  readonly webAssetsPath?: string;
  /**
   * Run CDK's built-in CloudFormation template validation (a WebAssembly engine costing seconds of
   * CPU per synth). `npm run synth` always runs it; tests opt in where they check its report.
   */
  readonly cloudFormationValidation?: boolean;
  /** Instead of the manifest's routes, jobs and workers (a smaller app, e.g. one without a job). */
  readonly manifest?: ServiceManifest;
}

export interface SynthesizedService {
  readonly app: App;
  readonly stacks: ServiceStacks;
  template(stack: Stack): Template;
}

const synthesized = new Map<string, SynthesizedService>();

/**
 * The app as `infra/app.ts` builds it, with cdk.json's context, synthesized into a folder of the
 * run (test/infra/global-setup.ts). Synthesized once per worker for the same options: the infra
 * files share a worker (`isolate: false`), and most of them look at the same dev or prod app, which
 * costs seconds of CPU to build. Tests only read the app and its templates.
 */
export function synthesizeService(options: SynthOptions = {}): SynthesizedService {
  // A manifest holds schemas (large, maybe circular): it is keyed by identity.
  const key = JSON.stringify(options, (name, value: unknown) =>
    name === 'manifest' ? manifestKey(value as ServiceManifest) : value,
  );
  let service = synthesized.get(key);
  if (!service) {
    service = synthesize(options);
    synthesized.set(key, service);
  }
  return service;
}

const manifestKeys = new WeakMap<ServiceManifest, number>();
let manifestsSeen = 0;

function manifestKey(manifest: ServiceManifest): number {
  let key = manifestKeys.get(manifest);
  if (key === undefined) {
    key = ++manifestsSeen;
    manifestKeys.set(manifest, key);
  }
  return key;
}

function synthesize(options: SynthOptions): SynthesizedService {
  const cdkJson = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  const outdir = mkdtempSync(path.join(inject('infraAssemblies'), 'assembly-'));
  const app = new App({
    outdir,
    builtinCloudFormationValidation: options.cloudFormationValidation ?? false,
    context: {
      ...cdkJson.context,
      ...options.context,
      ...(options.bundle ? {} : { 'aws:cdk:bundling-stacks': [] }),
    },
  });
  const stacks = buildService(app, readServiceConfig(app, options.webAssetsPath), options.manifest);
  app.synth();
  return {
    app,
    stacks,
    template: (stack) => Template.fromStack(stack),
  };
}

/** A function of the API with the stack it lives in. */
export interface ApiFunctionEntry {
  readonly stack: Stack;
  readonly fn: ApiFunction;
}

/**
 * Every function of the API across its stacks: route functions by route id (the route stacks),
 * the fallback as `$default` and the origin authorizer as `$authorizer` (the core stack).
 */
export function apiFunctions(service: SynthesizedService): Map<string, ApiFunctionEntry> {
  const { api, apiRoutes } = service.stacks;
  const entries = new Map<string, ApiFunctionEntry>([
    ['$default', { stack: api, fn: api.fallback }],
    ['$authorizer', { stack: api, fn: api.authorizerFunction }],
  ]);
  for (const stack of Object.values(apiRoutes))
    for (const [routeId, fn] of stack.functions) entries.set(routeId, { stack, fn });
  return entries;
}

/** The stacks the API is made of: the core, the route stacks and the stage. */
export function apiStacks(service: SynthesizedService): Stack[] {
  return [service.stacks.api, ...Object.values(service.stacks.apiRoutes), service.stacks.apiStage];
}

/** The synthesized properties of an API function. */
export function functionProperties(
  service: SynthesizedService,
  entry: ApiFunctionEntry,
): Record<string, unknown> {
  const resources = service.template(entry.stack).toJSON().Resources as Record<
    string,
    { Properties: Record<string, unknown> }
  >;
  return resources[entry.stack.getLogicalId(entry.fn.node.defaultChild as CfnFunction)]!.Properties;
}
