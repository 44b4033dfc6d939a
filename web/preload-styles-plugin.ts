import { join } from 'node:path';
import type { Plugin } from 'vite';

/** The module Vite's build imports `__vitePreload` from, in every chunk with a dynamic import. */
const VITE_PRELOAD_HELPER = /^\0vite\/preload-helper\.js$/;
const STYLES_LOADER = join(import.meta.dirname, 'src/lib/preload-styles.ts');

/**
 * Vite's preload helper, in the entry chunk, loads a lazy chunk's styles and its modulepreload
 * links: about 630 B gzip of the landing page's JavaScript budget. With module preloading off,
 * only styles are left to load, so the helper's module re-exports web/src/lib/preload-styles.ts,
 * which loads only those (docs/decisions.md, "Landing JavaScript budget").
 */
export function preloadStylesOnly(): Plugin {
  return {
    name: 'exchange:preload-styles-only',
    apply: 'build',
    configResolved(config) {
      if (config.build.modulePreload !== false) {
        throw new Error(
          'preloadStylesOnly: the stand-in helper loads styles only; keep build.modulePreload false',
        );
      }
    },
    transform: {
      filter: { id: VITE_PRELOAD_HELPER },
      handler: () => `export { __vitePreload } from ${JSON.stringify(STYLES_LOADER)};`,
    },
  };
}
