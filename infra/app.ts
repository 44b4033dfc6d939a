import { existsSync } from 'node:fs';
import path from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { PROJECT_ROOT } from './constructs/bundling';
import { buildService } from './stacks/service';
import { readServiceConfig } from './stacks/service-config';
import { TemplateLimitsCheck } from './template-limits';

const app = new App();

// The site is uploaded only once it has been built, so `cdk synth` works on a fresh clone.
const webDist = path.join(PROJECT_ROOT, 'web', 'dist');
buildService(app, readServiceConfig(app, existsSync(webDist) ? webDist : undefined));

// cdk-nag 3 runs as a synth-time validation plugin: an unacknowledged finding stops the synth, as
// does a template over our share of CloudFormation's limits.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }), new TemplateLimitsCheck());
