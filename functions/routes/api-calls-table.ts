import type { Access, RouteDefinition } from '@shared/routes/definition';
import { responseSchemaOf } from '@shared/routes/response-schema';
import * as z from 'zod/mini';
import { type RouteArea, routeAreas } from './manifest';

/**
 * docs/product.md §7 as the manifest says it: one table per area, a row per route with who may
 * call it, what it sends and what it answers. `npm run docs:api` writes it between the markers;
 * a unit test fails while the page and the manifest differ.
 */
export const API_CALLS_START = '<!-- api-calls:start (npm run docs:api writes this block) -->';
export const API_CALLS_END = '<!-- api-calls:end -->';

const AREA_TITLES: Record<RouteArea, string> = {
  system: 'System',
  auth: 'Accounts',
  mfa: 'Second factor',
  profile: 'Profile',
  applications: 'Applications',
  notifications: 'Notifications',
  geo: 'Places and hours',
  rates: 'Rates',
  reserves: 'Reserves',
  market: 'Market',
  export: 'Rate monitors',
  adminUsers: 'Admin: users',
  shifts: 'Admin: shifts',
  adminApplications: 'Admin: applications',
  dealMoney: 'Wrong payments, resolved in the deal',
  dashboard: 'Admin: dashboard',
  settings: 'Admin: settings',
  messages: 'Messages and attachments',
  paymentTemplates: 'Admin: payment templates',
  transactions: 'Admin: transaction history',
  transactionExports: 'Admin: exports of the transaction history',
  ledger: 'Admin: accounts and the books',
  reports: 'Admin: reports',
  audit: 'Admin: audit trail',
  blacklist: 'Admin: blacklists',
  chain: 'Admin: USDT on chain',
  security: 'Admin: security',
  live: 'Live push',
  telegram: 'Telegram bot',
  verification: 'Cards and verification',
  partners: 'Partners and the partner API',
  siteContent: 'Pages staff edit',
};

const ACCESS_TEXT: Record<Access, string> = {
  public: 'anyone',
  user: 'logged in',
  MANAGER: 'MANAGER+',
  ADMIN: 'ADMIN+',
  SUPER_ADMIN: 'SUPER_ADMIN',
};

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
}

function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
}

/** An object's fields as `{ a, b? }` (optional ones marked), alternatives joined with "or". */
function shape(schema: JsonSchema): string {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const shapes = [...new Set(alternatives.map(shape))];
    return shapes.join(' or ');
  }
  if (schema.properties) {
    const required = new Set(schema.required ?? []);
    const fields = Object.keys(schema.properties).map((name) => (required.has(name) ? name : `${name}?`));
    return fields.length ? `{ ${fields.join(', ')} }` : '{}';
  }
  if (schema.type === 'array' && schema.items) return `[${shape(schema.items)}]`;
  return Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any');
}

function sends(route: RouteDefinition): string {
  const parts: string[] = [];
  if (route.query) {
    const query = jsonSchema(route.query, 'input');
    const names = Object.keys(query.properties ?? {});
    if (names.length) parts.push(`?${names.join('&')}`);
  }
  if (route.body) parts.push(shape(jsonSchema(route.body, 'input')));
  return parts.length ? `\`${parts.join(' ')}\`` : '';
}

function answers(route: RouteDefinition): string {
  if (route.produces) return route.produces;
  const schema = responseSchemaOf(route);
  if (!schema) return '';
  const status = route.successStatus ? `${route.successStatus} ` : '';
  return `${status}\`${shape(jsonSchema(schema, 'output'))}\``;
}

function cell(text: string): string {
  return text.replaceAll('|', '\\|');
}

/** The markdown of docs/product.md §7's route tables, markers included. */
export function apiCallsTable(): string {
  const lines = [API_CALLS_START];
  for (const [area, areaRoutes] of Object.entries(routeAreas) as Array<
    [RouteArea, Record<string, RouteDefinition>]
  >) {
    lines.push(
      '',
      `### ${AREA_TITLES[area]}`,
      '',
      '| Call | Who | Sends | Answers `data` | What |',
      '| --- | --- | --- | --- | --- |',
    );
    // By path, then method: a module namespace's key order differs between loaders.
    const sorted = Object.values(areaRoutes).sort(
      (a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method),
    );
    for (const route of sorted) {
      const call = `\`${route.method} ${route.path.replace(/^\/api/, '')}\``;
      lines.push(
        `| ${call} | ${ACCESS_TEXT[route.access]} | ${cell(sends(route))} | ${cell(answers(route))} | ${cell(route.summary)} |`,
      );
    }
  }
  lines.push('', API_CALLS_END);
  return lines.join('\n');
}

/** The page with its §7 block replaced by `table`; throws when the markers are missing. */
export function withApiCalls(page: string, table: string): string {
  const start = page.indexOf(API_CALLS_START);
  const end = page.indexOf(API_CALLS_END);
  if (start < 0 || end < start) throw new Error('docs/product.md has no api-calls markers in §7');
  return page.slice(0, start) + table + page.slice(end + API_CALLS_END.length);
}
