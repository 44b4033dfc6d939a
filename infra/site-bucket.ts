import { Stack } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { StageName } from './stacks/stages';

/**
 * The site bucket (infra/stacks/web-stack.ts) by a name derived from the stage, account and region,
 * as the uploads bucket's: the web stack creates it, and the functions that rewrite its prerendered
 * pages (`uses.sitePages`, in stacks the web stack itself depends on) compute the same name, so no
 * cross-stack reference runs the wrong way.
 */
export function siteBucketName(scope: Construct, stage: StageName): string {
  const stack = Stack.of(scope);
  return `exchange-${stage}-site-${stack.account}-${stack.region}`;
}

/** The object keys the publisher reads and writes: the pages, the build's copies of them. */
export const SITE_PAGE_OBJECTS = ['*.html', '_templates/*'] as const;
