import { z } from 'zod';
import {
  avatarListSchema,
  validateTelegramBodySchema,
  validateTelegramDataSchema,
} from '../shared/contract/misc';
import { healthDataSchema } from '../shared/contract/system';
import { geoTreeSchema } from '../shared/geo';
import { defineRoutes, type JobDefinition, type RouteDefinition } from './route-definition';

/**
 * The route manifest: every endpoint of the API, read by the CDK API stack (one Lambda and one
 * HTTP API route per entry), by the local server and by the OpenAPI generator. Nothing else
 * declares a route.
 */
export const routes = defineRoutes({
  health: {
    method: 'GET',
    path: '/api/health',
    handler: 'handlers/system/health',
    access: 'public',
    summary: 'Liveness and database reachability',
    tag: 'system',
    response: healthDataSchema,
    uses: { table: 'read' },
  },
  openApi: {
    method: 'GET',
    path: '/api/openapi.json',
    handler: 'handlers/system/openapi',
    access: 'public',
    summary: 'This API as an OpenAPI 3.1 document',
    tag: 'system',
    response: z.record(z.string(), z.unknown()),
    uses: {},
  },
  getGeo: {
    method: 'GET',
    path: '/api/geo',
    handler: 'handlers/geo/get-active-geo',
    access: 'public',
    summary: 'Active continents, countries and cities for the apply form',
    tag: 'geo',
    response: geoTreeSchema,
    uses: { table: 'read' },
  },
  listAvatars: {
    method: 'GET',
    path: '/api/misc/avatars',
    handler: 'handlers/misc/list-avatars',
    access: 'public',
    summary: 'Absolute URLs of the avatar images users may choose',
    tag: 'misc',
    response: avatarListSchema,
    uses: {},
  },
  validateTelegram: {
    method: 'POST',
    path: '/api/misc/validate-telegram',
    handler: 'handlers/misc/validate-telegram',
    access: 'public',
    summary: 'Whether a value is a Telegram username or an international phone number',
    tag: 'misc',
    body: validateTelegramBodySchema,
    response: validateTelegramDataSchema,
    uses: {},
  },
});

export type RouteId = keyof typeof routes;

/** Answers every request no route matches (API Gateway's `$default` route; the local server's fallback). */
export const fallbackRoute = {
  handler: 'handlers/system/not-found',
  uses: {},
} as const;

/** Scheduled functions (EventBridge rules in AWS, timers in the local stack). */
export const jobs: Record<string, JobDefinition> = {};

export const allRoutes: Array<[string, RouteDefinition]> = Object.entries(routes);
