import { mkdtempSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '@infra/constructs/bundling';
import { buildService, type ServiceStacks } from '@infra/stacks/service';
import { readServiceConfig } from '@infra/stacks/service-config';
import { App, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { inject } from 'vitest';

/** The context a prod synth must have (no defaults in prod; infra/stacks/stages.ts). */
export const PROD_CONTEXT = {
  stage: 'prod',
  siteUrl: 'https://exchange.example.org',
  mailFrom: 'no-reply@example.org',
  adminEmail: 'operator@example.org',
  account: '123456789012',
} as const;

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
  const key = JSON.stringify(options);
  let service = synthesized.get(key);
  if (!service) {
    service = synthesize(options);
    synthesized.set(key, service);
  }
  return service;
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
  const stacks = buildService(app, readServiceConfig(app, options.webAssetsPath));
  app.synth();
  return {
    app,
    stacks,
    template: (stack) => Template.fromStack(stack),
  };
}
