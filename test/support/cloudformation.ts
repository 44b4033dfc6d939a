import type { CloudFormationCustomResourceEvent } from 'aws-lambda';

const STACK_ID =
  'arn:aws:cloudformation:eu-central-1:123456789012:stack/exchange-dev-first-run/0b0e0000-0000-0000-0000-000000000000';

/** An event as CloudFormation sends it to a custom resource's provider (Create, Update or Delete). */
export function customResourceEvent(
  requestType: 'Create' | 'Update' | 'Delete',
  properties: Record<string, string>,
  previous?: { physicalResourceId: string; properties: Record<string, string> },
): CloudFormationCustomResourceEvent {
  const common = {
    ServiceToken: 'arn:aws:lambda:eu-central-1:123456789012:function:exchange-dev-first-run-framework',
    ResponseURL: 'https://cloudformation-custom-resource-response-eucentral1.s3.amazonaws.com/response',
    StackId: STACK_ID,
    RequestId: crypto.randomUUID(),
    LogicalResourceId: 'FirstRunResource',
    ResourceType: 'Custom::FirstRun',
    ResourceProperties: { ServiceToken: 'framework', ...properties },
  };
  if (requestType === 'Create') return { ...common, RequestType: 'Create' };
  if (!previous) throw new Error(`${requestType} needs the resource's previous state`);
  if (requestType === 'Delete')
    return { ...common, RequestType: 'Delete', PhysicalResourceId: previous.physicalResourceId };
  return {
    ...common,
    RequestType: 'Update',
    PhysicalResourceId: previous.physicalResourceId,
    OldResourceProperties: { ServiceToken: 'framework', ...previous.properties },
  };
}
