import { readFileSync } from 'node:fs';
import type {
  IPolicyValidationContext,
  IPolicyValidationPlugin,
  PolicyValidationPluginReport,
  PolicyViolation,
} from 'aws-cdk-lib';

/**
 * CloudFormation refuses a template of more than 500 resources or 60 dynamic references
 * (`{{resolve:…}}`) before it creates anything. We stop the synth well before: at 450 and 50, so a
 * few new routes never break a deploy (docs/operations.md "Deploying").
 */
export const TEMPLATE_LIMITS = { resources: 450, dynamicReferences: 50 } as const;

/** What one synthesized template holds of each limited thing. */
export function templateFigures(templateText: string): { resources: number; dynamicReferences: number } {
  const template = JSON.parse(templateText) as { Resources?: Record<string, unknown> };
  return {
    resources: Object.keys(template.Resources ?? {}).length,
    dynamicReferences: templateText.match(/\{\{resolve:/g)?.length ?? 0,
  };
}

/** A violation per limit each template exceeds. */
export function templateLimitViolations(
  templates: ReadonlyArray<{ path: string; text: string }>,
): PolicyViolation[] {
  return templates.flatMap(({ path, text }) => {
    const figures = templateFigures(text);
    return (Object.keys(TEMPLATE_LIMITS) as Array<keyof typeof TEMPLATE_LIMITS>)
      .filter((limit) => figures[limit] > TEMPLATE_LIMITS[limit])
      .map((limit) => ({
        ruleName: `template-${limit}`,
        description:
          `${path.split('/').pop()} has ${figures[limit]} ${limit === 'resources' ? 'resources' : 'dynamic references'}, ` +
          `over our limit of ${TEMPLATE_LIMITS[limit]} (CloudFormation's is ${limit === 'resources' ? 500 : 60}).`,
        fix:
          limit === 'resources'
            ? 'Move a route area to another route stack (API_ROUTE_GROUPS in infra/stacks/api-routes-stack.ts).'
            : 'Read the secret at run time instead of resolving it into the template (functions/commons/secret-store.ts).',
        violatingResources: [
          { templatePath: path, locations: [limit === 'resources' ? 'Resources' : '{{resolve:'] },
        ],
      }));
  });
}

/** The synth-time check (`npm run synth`, infra/app.ts; its test runs in `npm test`). */
export class TemplateLimitsCheck implements IPolicyValidationPlugin {
  readonly name = 'template-limits';
  readonly ruleIds = ['template-resources', 'template-dynamicReferences'];

  validate(context: IPolicyValidationContext): PolicyValidationPluginReport {
    const violations = templateLimitViolations(
      context.templatePaths.map((path) => ({ path, text: readFileSync(path, 'utf8') })),
    );
    return { success: violations.length === 0, violations };
  }
}
