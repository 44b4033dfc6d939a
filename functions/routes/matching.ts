import type { RouteDefinition } from './definition';
import { allRoutes } from './manifest';

interface CompiledRoute {
  id: string;
  route: RouteDefinition;
  pattern: RegExp;
  paramNames: string[];
}

const compiled: CompiledRoute[] = allRoutes.map(([id, route]) => {
  const paramNames: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      paramNames.push(param[1]!);
      return '([^/]+)';
    })
    .join('/');
  return { id, route, pattern: new RegExp(`^${source}$`), paramNames };
});

export type RouteMatch =
  | { kind: 'route'; id: string; route: RouteDefinition; pathParameters: Record<string, string> }
  | { kind: 'wrong-method'; allowed: string[] }
  | { kind: 'none' };

/** Resolves a request the way API Gateway does: exact path template and method, else `$default`. */
export function matchRoute(method: string, path: string): RouteMatch {
  const allowed: string[] = [];
  for (const candidate of compiled) {
    const found = candidate.pattern.exec(path);
    if (!found) continue;
    if (candidate.route.method !== method.toUpperCase()) {
      allowed.push(candidate.route.method);
      continue;
    }
    const pathParameters = Object.fromEntries(
      candidate.paramNames.map((name, index) => [name, decodeURIComponent(found[index + 1]!)]),
    );
    return { kind: 'route', id: candidate.id, route: candidate.route, pathParameters };
  }
  return allowed.length > 0 ? { kind: 'wrong-method', allowed } : { kind: 'none' };
}
