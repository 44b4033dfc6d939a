import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '@infra/constructs/bundling';
import { buildService } from '@infra/stacks/service';
import { readServiceConfig } from '@infra/stacks/service-config';
import { App, Stack } from 'aws-cdk-lib';
import { PROD_CONTEXT } from '../infra/prod-context';

/**
 * What the stacks hold that costs money every month whatever the traffic, counted in the prod
 * templates as `cdk synth` writes them (no function bundled: only the resources are read): the
 * alarms of every stack (the monitoring stacks', the canaries' and any other), the dashboards, the
 * Secrets Manager secrets (with the Telegram bot's, and their replicas), the web ACL's rules, KMS keys, Route 53 zones,
 * the backup plans and the custom metrics the alarms and the dashboard read in our namespace.
 */
export interface FixedResources {
  /** Alarms per stack (stack name without the stage prefix). */
  alarmsByStack: Record<string, number>;
  alarms: number;
  dashboards: number;
  secrets: number;
  webAcls: number;
  wafRules: number;
  kmsKeys: number;
  hostedZones: number;
  backupPlans: number;
  /** Distinct metric and dimension sets of the `Exchange` namespace that alarms and dashboards name. */
  customMetrics: number;
  /** Metric filters (each one metric a month while it sees data). */
  metricFilters: number;
  functions: number;
}

/** The prod context of a first deploy, with a launch date and a bot (only the resources matter). */
const PROD_DEPLOY_CONTEXT = {
  ...PROD_CONTEXT,
  launchedOn: '2026-12-01',
  telegramBotUsername: 'exchange_bench_bot',
};

interface Template {
  Resources?: Record<string, { Type: string; Properties?: Record<string, unknown> }>;
}

export function countFixedResources(): FixedResources {
  const cdkJson = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  const outdir = mkdtempSync(path.join(tmpdir(), 'bench-synth-'));
  try {
    const app = new App({
      outdir,
      context: { ...cdkJson.context, ...PROD_DEPLOY_CONTEXT, 'aws:cdk:bundling-stacks': [] },
    });
    buildService(app, readServiceConfig(app));
    const assembly = app.synth();
    const stacks = app.node.children.filter((child): child is Stack => child instanceof Stack);
    const counts: FixedResources = {
      alarmsByStack: {},
      alarms: 0,
      dashboards: 0,
      secrets: 0,
      webAcls: 0,
      wafRules: 0,
      kmsKeys: 0,
      hostedZones: 0,
      backupPlans: 0,
      customMetrics: 0,
      metricFilters: 0,
      functions: 0,
    };
    const metrics = new Set<string>();
    for (const stack of stacks) {
      const template = assembly.getStackArtifact(stack.artifactId).template as Template;
      const short = stack.stackName.replace(/^exchange-prod-/, '');
      for (const resource of Object.values(template.Resources ?? {})) {
        const properties = resource.Properties ?? {};
        switch (resource.Type) {
          case 'AWS::CloudWatch::Alarm':
            counts.alarmsByStack[short] = (counts.alarmsByStack[short] ?? 0) + 1;
            for (const metric of alarmMetrics(properties)) metrics.add(metric);
            break;
          case 'AWS::CloudWatch::Dashboard':
            counts.dashboards += 1;
            for (const metric of dashboardMetrics(properties.DashboardBody)) metrics.add(metric);
            break;
          case 'AWS::SecretsManager::Secret':
            // Each replica in another region is billed as a secret of its own.
            counts.secrets += 1 + ((properties.ReplicaRegions as unknown[] | undefined)?.length ?? 0);
            break;
          case 'AWS::WAFv2::WebACL':
            counts.webAcls += 1;
            counts.wafRules += (properties.Rules as unknown[] | undefined)?.length ?? 0;
            break;
          case 'AWS::KMS::Key':
            counts.kmsKeys += 1;
            break;
          case 'AWS::Route53::HostedZone':
            counts.hostedZones += 1;
            break;
          case 'AWS::Backup::BackupPlan':
            counts.backupPlans += 1;
            break;
          case 'AWS::Logs::MetricFilter':
            counts.metricFilters += 1;
            break;
          case 'AWS::Lambda::Function':
            counts.functions += 1;
            break;
        }
      }
    }
    counts.alarms = Object.values(counts.alarmsByStack).reduce((sum, count) => sum + count, 0);
    counts.customMetrics = metrics.size;
    return counts;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

const NAMESPACE = 'Exchange';

/** One metric as CloudWatch bills it: its name and dimension set (a value from a reference reads `ref`). */
function metricKey(name: string, dimensions: Array<[string, string]>): string {
  return `${name}|${dimensions
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join(',')}`;
}

/** The `Exchange` metrics an alarm reads: one, or the metrics of its math expression. */
function alarmMetrics(properties: Record<string, unknown>): string[] {
  type Metric = {
    Namespace?: unknown;
    MetricName?: unknown;
    Dimensions?: Array<{ Name: string; Value: unknown }>;
  };
  const key = (metric: Metric) =>
    metricKey(
      String(metric.MetricName),
      (metric.Dimensions ?? []).map(({ Name, Value }) => [Name, typeof Value === 'string' ? Value : 'ref']),
    );
  if (properties.Namespace === NAMESPACE) return [key(properties as Metric)];
  const queries = (properties.Metrics as Array<{ MetricStat?: { Metric?: Metric } }> | undefined) ?? [];
  return queries
    .map((query) => query.MetricStat?.Metric)
    .filter((metric): metric is Metric => metric?.Namespace === NAMESPACE)
    .map(key);
}

/**
 * The `Exchange` metrics a dashboard's widgets draw: CloudWatch writes each as an array of the
 * namespace, the name, then dimension names and values. The body is a string, or CDK's Fn::Join of
 * strings and references (a reference reads `ref`).
 */
function dashboardMetrics(body: unknown): string[] {
  const text =
    typeof body === 'string'
      ? body
      : ((body as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join']?.[1] ?? [])
          .map((part) => (typeof part === 'string' ? part : 'ref'))
          .join('');
  const found: string[] = [];
  for (const match of text.matchAll(/\["Exchange","([A-Za-z]+)"((?:,"[^"\]]*")*)/g)) {
    const rest = [...(match[2] ?? '').matchAll(/"([^"]*)"/g)].map((part) => part[1]!);
    const dimensions: Array<[string, string]> = [];
    for (let index = 0; index + 1 < rest.length; index += 2)
      dimensions.push([rest[index]!, rest[index + 1]!]);
    found.push(metricKey(match[1]!, dimensions));
  }
  return found;
}
