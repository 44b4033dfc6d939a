import { logger, withLogContext } from '@functions/commons/logger';
import { prepareDeployment } from '@functions/domain/system/deployment';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';

/** One seed resource per stage; Update keeps the id, so CloudFormation never issues a Delete for it. */
export const FIRST_RUN_RESOURCE_ID = 'exchange-first-run';

/** What the CDK Provider framework expects back from its `onEvent` function. */
export interface ProviderResponse {
  PhysicalResourceId: string;
  Data?: Record<string, string>;
}

/**
 * The deploy-time custom resource (infra/constructs/first-run.ts): Create and Update seed the table
 * and invite the first SUPER_ADMIN (`AdminEmail`), both idempotently; Delete leaves the data alone
 * (the table has its own removal policy). Nothing secret is logged or returned.
 */
export const handler = withLogContext(onEvent);

async function onEvent(event: CloudFormationCustomResourceEvent): Promise<ProviderResponse> {
  if (event.RequestType === 'Delete') {
    logger.info('First-run resource deleted; the data is left as it is', { requestType: event.RequestType });
    return { PhysicalResourceId: event.PhysicalResourceId };
  }
  const adminEmail = String(event.ResourceProperties.AdminEmail ?? '') || undefined;
  const result = await prepareDeployment({ adminEmail });
  const admin = result.admin;
  if (admin?.created && !admin.mailQueued)
    logger.warn('The first SUPER_ADMIN was created but the invitation could not be queued', {
      see: 'docs/operations.md, "First administrator without mail"',
    });
  logger.info('First run done', { requestType: event.RequestType, ...result });
  return {
    PhysicalResourceId: FIRST_RUN_RESOURCE_ID,
    Data: {
      SeedItemsWritten: String(result.seedItemsWritten),
      AdminCreated: String(admin?.created ?? false),
      AdminMailQueued: String(admin?.created ? admin.mailQueued : false),
    },
  };
}
