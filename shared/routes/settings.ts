// Routes of one area of the manifest (docs/architecture.md §2): System settings (staff).
import { putSettingBodySchema, settingKeyParamsSchema } from '@shared/contract/admin';
import type { RouteDefinition } from './definition';

export const adminListSettings = {
  method: 'GET',
  path: '/api/admin/settings',
  handler: 'handlers/admin/settings/list',
  access: 'ADMIN',
  summary: 'Every system setting',
  tag: 'admin-settings',
  response: 'settingListSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminGetSetting = {
  method: 'GET',
  path: '/api/admin/settings/{key}',
  handler: 'handlers/admin/settings/get',
  access: 'ADMIN',
  summary: 'One system setting',
  tag: 'admin-settings',
  params: settingKeyParamsSchema,
  response: 'settingSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminPutSetting = {
  method: 'PUT',
  path: '/api/admin/settings/{key}',
  handler: 'handlers/admin/settings/put',
  access: 'ADMIN',
  summary: 'Change a system setting',
  tag: 'admin-settings',
  params: settingKeyParamsSchema,
  body: putSettingBodySchema,
  response: 'settingSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;
