// Routes of one area of the manifest (docs/architecture.md §2): The logged-in user's own profile.
import { updateProfileBodySchema } from '@shared/contract/auth';
import type { RouteDefinition } from './definition';

export const listAvatars = {
  method: 'GET',
  path: '/api/misc/avatars',
  handler: 'handlers/misc/list-avatars',
  access: 'public',
  summary: 'Absolute URLs of the avatar images users may choose',
  tag: 'misc',
  response: 'avatarListSchema',
  uses: {},
} as const satisfies RouteDefinition;

export const updateProfile = {
  method: 'PUT',
  path: '/api/users/profile',
  handler: 'handlers/users/update-profile',
  access: 'user',
  summary: 'Edit own username, language and avatar',
  tag: 'users',
  body: updateProfileBodySchema,
  response: 'ownUserSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const myLimits = {
  method: 'GET',
  path: '/api/users/limits',
  handler: 'handlers/users/my-limits',
  access: 'user',
  summary: 'Own verification tier, its limits and what is left of them today and in 30 days',
  tag: 'users',
  response: 'clientLimitsSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;
