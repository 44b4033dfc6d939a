import type * as z from 'zod/mini';
import * as contract from '../contract';
import type { RouteDefinition } from './definition';

/**
 * The schema a route names as its answer's `data`, looked up in the contract: the OpenAPI document,
 * the local server's check of every answer in the tests, and the web tests' fake API read it. It
 * holds the whole contract, so no function or page bundle imports it.
 */
export function responseSchemaOf(route: Pick<RouteDefinition, 'response'>): z.ZodMiniType | undefined {
  return route.response === undefined ? undefined : (contract[route.response] as z.ZodMiniType);
}
