import type { RouteDefinition } from '@shared/routes/definition';
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
  | { kind: 'malformed' }
  | { kind: 'none' };

/** `decodeURIComponent`, or undefined for a broken escape such as `%zz` (a client error, not ours). */
function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

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
    const values = candidate.paramNames.map((_, index) => decodeSegment(found[index + 1]!));
    if (values.some((value) => value === undefined)) return { kind: 'malformed' };
    const pathParameters = Object.fromEntries(
      candidate.paramNames.map((name, index) => [name, values[index]!]),
    );
    return { kind: 'route', id: candidate.id, route: candidate.route, pathParameters };
  }
  if (allowed.length > 0) return { kind: 'wrong-method', allowed };
  return decodeSegment(path) === undefined ? { kind: 'malformed' } : { kind: 'none' };
}
