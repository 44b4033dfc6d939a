import { GLOBAL_INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '@functions/data/table-definition';
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AttributeType,
  BillingMode,
  type ITable,
  ProjectionType,
  StreamViewType,
  Table,
} from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import type { ServiceConfig } from './service-config';

export interface DataStackProps extends StackProps {
  readonly config: ServiceConfig;
}

/** The single table, built from the same definition the local stack and the tests use, with its stream. */
export class DataStack extends Stack {
  readonly table: ITable;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TTL_ATTRIBUTE,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: props.config.settings.tableDeletionProtection,
      removalPolicy: props.config.settings.removalPolicy,
      // The outbox sender reads new outbox items from the stream (the mail stack).
      stream: StreamViewType.NEW_IMAGE,
    });
    for (const index of GLOBAL_INDEXES) {
      table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }
    this.table = table;
    new CfnOutput(this, 'TableName', {
      description: 'The table (npm run admin:password needs it as TABLE_NAME)',
      value: table.tableName,
    });
  }
}
