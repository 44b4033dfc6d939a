// Routes of one area of the manifest (docs/architecture.md §2): the pages staff edit — the written blocks the public site reads, and the ADMIN's editor with its preview.
import {
  SITE_BLOCK_BODY_MAX_BYTES,
  siteBlockBodySchema,
  siteBlockParamsSchema,
  siteBlockPreviewBodySchema,
  siteContentQuerySchema,
  tickerChoiceBodySchema,
} from '@shared/contract/site-content';
import type { RouteDefinition } from './definition';

export const siteContent = {
  method: 'GET',
  path: '/api/site-content',
  handler: 'handlers/site-content/public',
  access: 'public',
  summary:
    'The blocks of the public pages staff wrote, in one language, as sanitized HTML (the pages the app renders itself read them here)',
  tag: 'site-content',
  query: siteContentQuerySchema,
  response: 'siteContentSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminSiteContent = {
  method: 'GET',
  path: '/api/admin/site-content',
  handler: 'handlers/admin/site-content/list',
  access: 'ADMIN',
  summary:
    'Every written block of the public pages in each language: its Markdown, its HTML, who wrote it and when',
  tag: 'site-content',
  response: 'adminSiteContentSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const saveSiteBlock = {
  method: 'PUT',
  path: '/api/admin/site-content/{block}',
  handler: 'handlers/admin/site-content/save',
  access: 'ADMIN',
  summary:
    "Write a block's Markdown in one language (empty: back to the built-in text), then rewrite the prerendered pages that show it; audited",
  tag: 'site-content',
  params: siteBlockParamsSchema,
  body: siteBlockBodySchema,
  maxBodyBytes: SITE_BLOCK_BODY_MAX_BYTES,
  response: 'siteBlockSavedSchema',
  uses: { table: 'readWrite', sitePages: true },
} as const satisfies RouteDefinition;

export const previewSiteBlock = {
  method: 'POST',
  path: '/api/admin/site-content/preview',
  handler: 'handlers/admin/site-content/preview',
  access: 'ADMIN',
  summary: 'Markdown rendered and sanitized as the site would show it; nothing is stored',
  tag: 'site-content',
  body: siteBlockPreviewBodySchema,
  maxBodyBytes: SITE_BLOCK_BODY_MAX_BYTES,
  response: 'siteBlockPreviewSchema',
  // The caller's account (the role check), nothing else.
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const chooseTickerCoins = {
  method: 'PUT',
  path: '/api/admin/ticker',
  handler: 'handlers/admin/site-content/ticker',
  access: 'ADMIN',
  summary: "Choose the landing page ticker's coins and their order (none: no ticker); audited",
  tag: 'site-content',
  body: tickerChoiceBodySchema,
  response: 'tickerChoiceSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;
