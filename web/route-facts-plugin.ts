import { type Plugin, parseAst } from 'vite';

/**
 * Route fields only the server and the stacks read (shared/routes/definition.ts): which handler,
 * the OpenAPI summary and tag, the IAM grants and the deploy facts. The web calls a route by its
 * method, path, schemas and response name; the rest would be dead text in every page that calls it.
 */
const SERVER_ONLY_FIELDS = new Set([
  'handler',
  'summary',
  'tag',
  'uses',
  'passwordHashing',
  'throttle',
  'rollout',
]);

const ROUTE_MODULE = /[\\/]shared[\\/]routes[\\/](?!definition\.ts$|response-schema\.ts$)[^\\/]+\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function keyName(property: Node): string | undefined {
  const key = property.key as Node | undefined;
  if (!key || property.computed) return undefined;
  return key.type === 'Identifier' ? (key.name as string) : (key.value as string | undefined);
}

/** Route objects: `export const id = { method, path, … }` at the top of a route module. */
function routeObjects(program: Node): Node[] {
  return (program.body as Node[]).flatMap((statement) => {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : null;
    if (declaration?.type !== 'VariableDeclaration') return [];
    return (declaration.declarations as Node[]).flatMap((declarator) => {
      const init = declarator.init as Node | null;
      if (init?.type !== 'ObjectExpression') return [];
      const names = (init.properties as Node[]).map(keyName);
      return names.includes('method') && names.includes('path') ? [init] : [];
    });
  });
}

/** Leaves the server-only fields out of every route object the web bundles. */
export function stripServerRouteFacts(): Plugin {
  return {
    name: 'strip-server-route-facts',
    // After TypeScript is stripped, so the module parses as JavaScript.
    enforce: 'post',
    transform(code, id) {
      if (!ROUTE_MODULE.test(id)) return null;
      const objects = routeObjects(parseAst(code) as unknown as Node);
      if (objects.length === 0) return null;
      let output = '';
      let copiedUpTo = 0;
      for (const object of objects) {
        const kept = (object.properties as Node[])
          .filter((property) => !SERVER_ONLY_FIELDS.has(keyName(property) ?? ''))
          .map((property) => code.slice(property.start, property.end));
        output += `${code.slice(copiedUpTo, object.start)}{ ${kept.join(', ')} }`;
        copiedUpTo = object.end;
      }
      return { code: output + code.slice(copiedUpTo), map: null };
    },
  };
}
