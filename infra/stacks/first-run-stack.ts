import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { FirstRun } from '../constructs/first-run';
import { stageTable } from '../constructs/stage-table';
import type { ServiceConfig } from './service-config';

export interface FirstRunStackProps extends StackProps {
  readonly config: ServiceConfig;
}

/**
 * The deploy-time seed and first SUPER_ADMIN; deployed after the API (so the mailed link works) and
 * the mail stack (whose sender sends the invitation from the outbox).
 */
export class FirstRunStack extends Stack {
  readonly firstRun: FirstRun;

  constructor(scope: Construct, id: string, props: FirstRunStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.firstRun = new FirstRun(this, 'FirstRun', {
      siteUrl: config.siteUrl,
      stage: config.settings,
      table: stageTable(this, config.stage),
      adminEmail: config.adminEmail,
    });
  }
}
