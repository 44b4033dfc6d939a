import { Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { synthesizeService } from './synth';

/**
 * A table switch (`npm run table:restore -- --switch`, then a deploy) changes only the values of the
 * stage's SSM parameters: the templates stay the same text. CloudFormation resolves the parameters
 * again at that deploy and updates what their values reach. For the service to follow, every
 * published version whose function reads a parameter must change with it too, or the `live` alias
 * keeps a version that names the old table. Here the deploy is played out on the templates: the
 * parameters resolved once with the old table's name and once with the new one.
 */

interface Resource {
  Type: string;
  Properties?: Record<string, unknown>;
}

interface TemplateJson {
  Parameters?: Record<string, { Type: string }>;
  Resources: Record<string, Resource>;
}

/** The template's value with each SSM parameter replaced by `value(parameter)`, joins joined. */
function resolveParameters(node: unknown, value: (parameter: string) => string | undefined): unknown {
  if (Array.isArray(node)) return node.map((item) => resolveParameters(item, value));
  if (node === null || typeof node !== 'object') return node;
  const entries = Object.entries(node);
  if (entries.length === 1) {
    const [[key, argument]] = entries as [[string, unknown]];
    if (key === 'Ref' && typeof argument === 'string' && value(argument) !== undefined)
      return value(argument);
    if (key === 'Fn::Join') {
      const [separator, parts] = resolveParameters(argument, value) as [string, unknown[]];
      if (parts.every((part) => typeof part === 'string')) return parts.join(separator);
      return { 'Fn::Join': [separator, parts] };
    }
  }
  return Object.fromEntries(entries.map(([key, item]) => [key, resolveParameters(item, value)]));
}

/** A deploy's view of a template: its SSM parameters read as `table` names them. */
function deployedWith(template: TemplateJson, table: string): Record<string, Resource> {
  const ssm = new Set(
    Object.entries(template.Parameters ?? {})
      .filter(([, parameter]) => parameter.Type.startsWith('AWS::SSM::Parameter::Value'))
      .map(([id]) => id),
  );
  // Every SSM parameter of these stacks names the stage's table or its stream.
  return resolveParameters(template.Resources, (id) =>
    ssm.has(id) ? (/stream/i.test(id) ? `arn:aws:dynamodb:stream/${table}` : table) : undefined,
  ) as Record<string, Resource>;
}

const functionOf = (version: Resource) =>
  (version.Properties?.FunctionName as { Ref?: string } | undefined)?.Ref;

describe('a table switch', () => {
  const service = synthesizeService();
  const templates = service.app.node.children
    .filter(Stack.isStack)
    .map((stack) => ({ stack: stack.stackName, template: service.template(stack).toJSON() as TemplateJson }));

  it('publishes a new version of every function that reads a parameter, so its live alias moves', () => {
    const checked: string[] = [];
    const unchanged: string[] = [];
    for (const { stack, template } of templates) {
      const before = deployedWith(template, 'exchange-prod-Table-ORIGINAL');
      const after = deployedWith(template, 'exchange-prod-restore-202601011000');
      for (const [id, fn] of Object.entries(template.Resources)) {
        if (fn.Type !== 'AWS::Lambda::Function') continue;
        if (JSON.stringify(before[id]) === JSON.stringify(after[id])) continue;
        const versions = Object.keys(template.Resources).filter(
          (versionId) =>
            template.Resources[versionId]!.Type === 'AWS::Lambda::Version' &&
            functionOf(template.Resources[versionId]!) === id,
        );
        for (const versionId of versions) {
          checked.push(`${stack}/${versionId}`);
          // A changed property of AWS::Lambda::Version replaces it: a new version is published.
          if (JSON.stringify(before[versionId]) === JSON.stringify(after[versionId]))
            unchanged.push(`${stack}/${versionId}`);
        }
      }
    }

    expect(checked.length).toBeGreaterThan(50);
    expect(unchanged).toEqual([]);
  });

  it("names the new table in each such version's description, as Lambda shows it", () => {
    const { stack, template } = templates.find(({ stack }) => stack.endsWith('-api-accounts'))!;
    const after = deployedWith(template, 'exchange-prod-restore-202601011000');
    const readsTable = (fnId: string | undefined) =>
      fnId !== undefined &&
      'TABLE_NAME' in
        ((after[fnId]?.Properties?.Environment as { Variables?: object } | undefined)?.Variables ?? {});
    const descriptions = Object.values(after)
      .filter((resource) => resource.Type === 'AWS::Lambda::Version' && readsTable(functionOf(resource)))
      .map((resource) => resource.Properties?.Description);

    expect(stack).toBeDefined();
    expect(descriptions.length).toBeGreaterThan(0);
    for (const description of descriptions)
      expect(description).toBe('TABLE_NAME=exchange-prod-restore-202601011000');
  });
});
