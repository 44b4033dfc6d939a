import type { CfnQueue, Queue } from 'aws-cdk-lib/aws-sqs';
import type { StageName } from './stacks/stages';

/**
 * Names of the resources the monitoring stack watches in other stacks, built from the stage and the
 * manifest's keys, so the owning stack and the monitoring stack meet by name. Monitoring then needs
 * no CloudFormation export of theirs: removing a job or a worker from the manifest removes its
 * queue and its alarm in one deploy, where an export still imported by monitoring would stop the
 * owning stack's update ("export … in use").
 *
 * A name fixed here is also a name CloudFormation must replace the resource to change.
 */

/** The dead-letter queue of a manifest job or worker (keys are unique across both). */
export function deadLetterQueueName(stage: StageName, key: string): string {
  return `exchange-${stage}-${key}-dead-letters`;
}

/** The function of a manifest worker, whose iterator age monitoring reads by name. */
export function workerFunctionName(stage: StageName, key: string): string {
  return `exchange-${stage}-${key}`;
}

/**
 * Gives `queue` its name after its stack made it: for the jobs stack, whose queues take no name of
 * their own yet (the same name `deadLetterQueueName` gives monitoring).
 */
export function nameQueue(queue: Queue, name: string): void {
  (queue.node.defaultChild as CfnQueue).queueName = name;
}

/**
 * The alias every function serves through: API Gateway, the schedules and the event sources call
 * it, CodeDeploy shifts it, and a rollback points it back (infra/ops/live-aliases.ts).
 */
export const LIVE_ALIAS = 'live';
