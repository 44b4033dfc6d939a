import { SERVICE_MANIFEST, type ServiceManifest } from '@infra/stacks/service';
import type { RouteDefinition } from '@shared/routes/definition';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SynthesizedService, synthesizeService } from './synth';

/**
 * A deploy must never need an export deleted while another stack still imports it. `cdk deploy`
 * updates a stack before the stacks that import from it, and CloudFormation refuses to delete an
 * export a deployed stack imports ("Export … cannot be deleted as it is in use by …"), so a deploy
 * of a smaller app over a larger one (a setting turned off, a route, job or worker removed) fails
 * at the producer when an export it drops was imported by the stacks as they were deployed. Each
 * case synthesizes the app before and after and compares their exports and imports.
 */
interface CrossStackReferences {
  /** Export name → the stack exporting it. */
  readonly exports: ReadonlyMap<string, string>;
  /** Export name → the stacks importing it. */
  readonly importers: ReadonlyMap<string, ReadonlySet<string>>;
}

function crossStackReferences(service: SynthesizedService): CrossStackReferences {
  const exports = new Map<string, string>();
  const importers = new Map<string, Set<string>>();
  // The app is synthesized already: this returns that assembly.
  for (const stack of service.app.synth().stacks) {
    const template = stack.template as { Outputs?: Record<string, { Export?: { Name?: unknown } }> };
    for (const output of Object.values(template.Outputs ?? {}))
      if (typeof output.Export?.Name === 'string') exports.set(output.Export.Name, stack.stackName);
    JSON.stringify(stack.template, (key, value: unknown) => {
      if (key === 'Fn::ImportValue') {
        const name = typeof value === 'string' ? value : JSON.stringify(value);
        importers.set(name, (importers.get(name) ?? new Set()).add(stack.stackName));
      }
      return value;
    });
  }
  return { exports, importers };
}

/**
 * What a deploy of `after` over `before` would trip on: each export of a stack in both apps that
 * `after` no longer has while a stack imports it (as deployed, i.e. in `before`, or in `after`).
 */
function exportsInUse(before: SynthesizedService, after: SynthesizedService): string[] {
  const old = crossStackReferences(before);
  const next = crossStackReferences(after);
  const stacksAfter = new Set(after.app.synth().stacks.map((stack) => stack.stackName));
  return [...old.exports]
    .filter(([name, stack]) => stacksAfter.has(stack) && !next.exports.has(name))
    .flatMap(([name]) => {
      const users = new Set([...(old.importers.get(name) ?? []), ...(next.importers.get(name) ?? [])]);
      return users.size > 0 ? [`${name}, imported by ${[...users].sort().join(', ')}`] : [];
    });
}

/** Imports no stack of the same app exports (a named export dropped by its stack). */
function importsWithoutExport(service: SynthesizedService): string[] {
  const { exports, importers } = crossStackReferences(service);
  return [...importers.keys()].filter((name) => !exports.has(name));
}

/**
 * The manifest less one job (the only one using the TRON key), one worker, and every route that
 * uses the key sealing second-factor secrets (the api stack's only importer of it is then gone).
 */
function smallerManifest(): ServiceManifest {
  const { watchChain: _job, ...jobs } = SERVICE_MANIFEST.jobs;
  const { mailFeedback: _worker, ...workers } = SERVICE_MANIFEST.workers;
  const withoutMfaKey = (routes: Readonly<Record<string, RouteDefinition>>) =>
    Object.fromEntries(Object.entries(routes).filter(([, route]) => !route.uses.mfaKey));
  const routeAreas = Object.fromEntries(
    Object.entries(SERVICE_MANIFEST.routeAreas).map(([area, routes]) => [area, withoutMfaKey(routes)]),
  ) as ServiceManifest['routeAreas'];
  return { ...SERVICE_MANIFEST, routeAreas, jobs, workers };
}

let withoutBot: SynthesizedService;
let withBot: SynthesizedService;
let smaller: SynthesizedService;

beforeAll(() => {
  // The same apps as test/infra/telegram.test.ts, so a worker running both synthesizes them once.
  withoutBot = synthesizeService();
  withBot = synthesizeService({ context: { telegramBotUsername: '@exchange_test_bot' } });
  smaller = synthesizeService({ manifest: smallerManifest() });
});

describe('deploys that remove something need no export deleted while it is in use', () => {
  it('turning the Telegram bot off (a deploy without telegramBotUsername after one with it)', () => {
    expect(exportsInUse(withBot, withoutBot)).toEqual([]);
    expect(importsWithoutExport(withoutBot)).toEqual([]);
  });

  it('removing a job, a worker and the routes that are the only users of a secret', () => {
    expect(smaller.stacks.jobs!.functions.has('watchChain')).toBe(false);
    expect(smaller.stacks.mail.workers.has('mailFeedback')).toBe(false);

    expect(exportsInUse(withoutBot, smaller)).toEqual([]);
    expect(importsWithoutExport(smaller)).toEqual([]);
  });

  it('turning it on again', () => {
    expect(exportsInUse(withoutBot, withBot)).toEqual([]);
    expect(importsWithoutExport(withBot)).toEqual([]);
  });
});
