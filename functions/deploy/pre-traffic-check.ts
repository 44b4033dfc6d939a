import {
  CodeDeployClient,
  type LifecycleEventStatus,
  PutLifecycleEventHookExecutionStatusCommand,
} from '@aws-sdk/client-codedeploy';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { logger, withLogContext } from '@functions/commons/logger';
import { checkVersions, type Invoke, type VersionCheck } from './synthetic-request';

/**
 * CodeDeploy's BeforeAllowTraffic hook of the canary routes (infra/constructs/canary.ts): before a
 * new version of such a route gets any request, this calls it with a request it must refuse
 * (synthetic-request.ts) and lets the traffic shift only if it answers as it should. At launch
 * volume a canary's 10 % of 5 minutes may see no request at all; this call does not wait for one.
 * CodeDeploy does not tell the hook which version it deploys, so it checks every canary version of
 * its stack that the deploy left (`CHECKS`): the new ones and those that did not change.
 */

/** What CodeDeploy passes to a lifecycle hook. */
export interface HookEvent {
  DeploymentId: string;
  LifecycleEventHookExecutionId: string;
}

/**
 * Runs the checks and always reports to CodeDeploy (a hook that never reports holds the deployment
 * for an hour): Succeeded lets the traffic shift, Failed stops the deployment and rolls it back.
 */
export async function preTrafficCheck(
  event: HookEvent,
  checks: readonly VersionCheck[] | Error,
  invoke: Invoke,
  report: (status: LifecycleEventStatus) => Promise<unknown>,
): Promise<LifecycleEventStatus> {
  let problems: string[];
  try {
    problems = checks instanceof Error ? [checks.message] : await checkVersions(checks, invoke);
  } catch (error) {
    problems = [(error as Error).message];
  }
  const status: LifecycleEventStatus = problems.length === 0 ? 'Succeeded' : 'Failed';
  if (status === 'Failed')
    logger.error('Pre-traffic check failed', { deployment: event.DeploymentId, problems });
  else
    logger.info('Pre-traffic check passed', {
      deployment: event.DeploymentId,
      versions: checks instanceof Error ? [] : checks.map((check) => check.version),
    });
  await report(status);
  return status;
}

/** `CHECKS`, a JSON list of `VersionCheck`s (the construct writes it); a problem as an Error, so it is reported. */
function readChecks(text: string | undefined): readonly VersionCheck[] | Error {
  try {
    const checks = JSON.parse(text ?? '') as VersionCheck[];
    if (!Array.isArray(checks) || checks.length === 0) return new Error('CHECKS names no version');
    return checks;
  } catch {
    return new Error('CHECKS is not a JSON list of versions');
  }
}

const CHECKS = readChecks(process.env.CHECKS);
const lambda = new LambdaClient({});
const codeDeploy = new CodeDeployClient({});

export const handler = withLogContext(checkThisDeployment);

async function checkThisDeployment(event: HookEvent): Promise<LifecycleEventStatus> {
  return preTrafficCheck(
    event,
    CHECKS,
    async (version, request) => {
      const answer = await lambda.send(
        new InvokeCommand({ FunctionName: version, Payload: Buffer.from(JSON.stringify(request)) }),
      );
      return {
        functionError: answer.FunctionError,
        payload: answer.Payload ? Buffer.from(answer.Payload).toString('utf8') : undefined,
      };
    },
    (status) =>
      codeDeploy.send(
        new PutLifecycleEventHookExecutionStatusCommand({
          deploymentId: event.DeploymentId,
          lifecycleEventHookExecutionId: event.LifecycleEventHookExecutionId,
          status,
        }),
      ),
  );
}
