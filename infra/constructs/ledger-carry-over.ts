import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Trigger } from 'aws-cdk-lib/triggers';
import { Construct, type IConstruct } from 'constructs';
import type { StageSettings } from '../stacks/stages';
import { manifestFunction } from './manifest-function';

export interface LedgerCarryOverProps {
  readonly siteUrl: string;
  readonly stage: StageSettings;
  readonly table: ITable;
  /** What must be deployed first: the seed (its reserves are what the books open from). */
  readonly after: IConstruct[];
}

/**
 * The carry-over of an install's reserves and recorded movements into the books
 * (`functions/deploy/ledger-carry-over.ts`), run by the deploy through a `triggers.Trigger` after
 * the seed: on the first deploy and again whenever its code changes. It is idempotent (an entry's
 * id is its movement's, a currency is opened once), so a second run writes nothing.
 */
export class LedgerCarryOver extends Construct {
  readonly trigger: Trigger;

  constructor(scope: Construct, id: string, props: LedgerCarryOverProps) {
    super(scope, id);
    const fn = manifestFunction(
      this,
      'Function',
      {
        handler: 'deploy/ledger-carry-over',
        uses: { table: 'readWrite' },
        description: 'Deploy-time carry-over of the reserves and movements into the books',
        // A large history is carried in one run at most this long; an interrupted run is taken up by the next deploy.
        timeout: Duration.minutes(15),
      },
      { siteUrl: props.siteUrl, stage: props.stage, table: props.table },
    );
    this.trigger = new Trigger(this, 'Trigger', {
      handler: fn,
      executeAfter: props.after,
      executeOnHandlerChange: true,
      timeout: Duration.minutes(15),
    });
  }
}
