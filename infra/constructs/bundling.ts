import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';

/** The repository root: entries, the lock file and the bench's output are resolved from it. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const FUNCTIONS_ROOT = path.join(PROJECT_ROOT, 'functions');

/**
 * How every function is bundled. The one description read by `ApiFunction` (CDK hands it to the
 * esbuild CLI) and by the bench (esbuild's JS API), so the bench measures what Lambda runs.
 */
export const FUNCTION_BUNDLE = {
  /** Matches the Lambda runtime (`nodejs22.x`). */
  target: 'node22',
  platform: 'node',
  format: 'esm',
  minify: true,
  /**
   * Minifying renames classes, and a refusal's envelope `code` is its DomainError's class name
   * (functions/commons/errors.ts): names are kept (about 7% more bundle).
   */
  keepNames: true,
  sourcemap: true,
  /** Maps carry mappings only, not the sources: Node parses the whole map at every cold start. */
  sourcesContent: false,
  /** Prefer packages' ESM builds so esbuild can drop what a handler does not import. */
  mainFields: ['module', 'main'],
  /** Bundled CommonJS dependencies still call `require` for Node built-ins; ESM has none. */
  banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
  /** Nothing external: the AWS SDK is bundled, so its version is pinned by our lock file and measured. */
  external: [] as string[],
  /** Problems only: `cdk synth` stays readable with dozens of functions. */
  logLevel: 'warning',
} as const;

/**
 * Environment every function gets whatever it uses. Source maps are on in Lambda, so the bench
 * loads bundles with them on too: their cost is part of a cold start.
 */
export const FUNCTION_RUNTIME_ENV = {
  SERVICE_NAME: 'exchange-api',
  NODE_OPTIONS: '--enable-source-maps',
} as const;

/** `functions/<module>.ts`, from a manifest handler module such as `handlers/system/health`. */
export function handlerEntry(handlerModule: string): string {
  return path.join(FUNCTIONS_ROOT, `${handlerModule}.ts`);
}

/** esbuild JS API options equal to the CLI flags CDK derives from `FUNCTION_BUNDLE`. */
export function esbuildOptions(entry: string, outfile: string): BuildOptions {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    target: FUNCTION_BUNDLE.target,
    platform: FUNCTION_BUNDLE.platform,
    format: FUNCTION_BUNDLE.format,
    minify: FUNCTION_BUNDLE.minify,
    keepNames: FUNCTION_BUNDLE.keepNames,
    sourcemap: FUNCTION_BUNDLE.sourcemap,
    sourcesContent: FUNCTION_BUNDLE.sourcesContent,
    mainFields: [...FUNCTION_BUNDLE.mainFields],
    banner: { js: FUNCTION_BUNDLE.banner },
    external: [...FUNCTION_BUNDLE.external],
    logLevel: FUNCTION_BUNDLE.logLevel,
  };
}
