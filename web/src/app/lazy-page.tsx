import { type ComponentType, lazy } from 'react';
import { loadNamespaces, type Namespace } from '../lib/i18n';

/** A route's code and its translation namespaces load together, so the screen renders complete. */
export function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
  namespaces: readonly Namespace[],
) {
  return lazy(async () => {
    const [Component] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { default: Component };
  });
}
