import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { FirstRun } from '../constructs/first-run';
import { LedgerCarryOver } from '../constructs/ledger-carry-over';
import { stageTable } from '../constructs/stage-table';
import type { ServiceConfig } from './service-config';

export interface FirstRunStackProps extends StackProps {
  readonly config: ServiceConfig;
}

/**
 * The deploy-time seed and first SUPER_ADMIN, then the carry-over of the reserves and history into
 * the books (after the seed, whose reserves it opens from); deployed after the API (so the mailed link works) and
 * the mail stack (whose sender sends the invitation from the outbox).
 */
export class FirstRunStack extends Stack {
  readonly firstRun: FirstRun;
  readonly ledgerCarryOver: LedgerCarryOver;

  constructor(scope: Construct, id: string, props: FirstRunStackProps) {
    super(scope, id, props);
    const { config } = props;
    const table = stageTable(this, config.stage);
    this.firstRun = new FirstRun(this, 'FirstRun', {
      siteUrl: config.siteUrl,
      stage: config.settings,
      table,
      adminEmail: config.adminEmail,
    });
    this.ledgerCarryOver = new LedgerCarryOver(this, 'LedgerCarryOver', {
      siteUrl: config.siteUrl,
      stage: config.settings,
      table,
      after: [this.firstRun],
    });
  }
}
