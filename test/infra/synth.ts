import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '@infra/constructs/bundling';
import { buildService, type ServiceStacks } from '@infra/stacks/service';
import { readServiceConfig } from '@infra/stacks/service-config';
import { App, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';

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
  /** Removes the cloud assembly written to a temp dir. */
  dispose(): void;
}

/** The app as `infra/app.ts` builds it, with cdk.json's context, synthesized into a temp dir. */
export function synthesizeService(options: SynthOptions = {}): SynthesizedService {
  const cdkJson = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  const outdir = mkdtempSync(path.join(tmpdir(), 'exchange-infra-'));
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
    dispose: () => rmSync(outdir, { recursive: true, force: true }),
  };
}
