import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import brandName from '../shared/brand/names.json';
import { preloadStylesOnly } from './preload-styles-plugin';
import { prerenderPages } from './prerender-plugin';
import { stripServerRouteFacts } from './route-facts-plugin';

/** react-router's package exports only its development build to bundlers; builds use the production one. */
const REACT_ROUTER_DIST = join(import.meta.dirname, '../node_modules/react-router/dist/production');

/**
 * The app shell's title (what a client-rendered page shows until the app sets its own) is the
 * brand's name in the shell's language, Russian: index.html writes `%BRAND_NAME%`.
 */
const brandShellTitle: Plugin = {
  name: 'brand-shell-title',
  transformIndexHtml: (html) => html.replaceAll('%BRAND_NAME%', brandName.ru),
};

export default defineConfig(({ command }) => ({
  root: import.meta.dirname,
  plugins: [react(), brandShellTitle, stripServerRouteFacts(), preloadStylesOnly(), prerenderPages()],
  resolve: {
    // The @shared/… and @web/… imports, from tsconfig.json's `paths`.
    tsconfigPaths: true,
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: join(REACT_ROUTER_DIST, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: join(REACT_ROUTER_DIST, 'dom-export.mjs') },
          ]
        : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // No preload helper for lazy chunks' imports: its code would count against the landing page's budget.
    // Their styles are loaded by the app's own small helper (web/preload-styles-plugin.ts).
    modulePreload: false,
    // Locale files are fetched as JSON at run time: never inline them as data: URLs (the CSP forbids those).
    assetsInlineLimit: (filePath) => (filePath.endsWith('.json') ? false : undefined),
    rolldownOptions: {
      // The app, and the API reference at /api/docs: its own page, so the viewer never loads with the app.
      input: {
        index: join(import.meta.dirname, 'index.html'),
        'api-docs': join(import.meta.dirname, 'api-docs.html'),
      },
      // zod schema builders have no side effects: unused schemas in shared/ (imported for their
      // constants) must not pull zod into the landing page's JavaScript. The name matches every
      // call of a function named `z` in every module, dependencies included: a minified dependency
      // with its own `z` would lose calls (Preact's build did, docs/decisions.md).
      treeshake: { manualPureFunctions: ['z'] },
      preserveEntrySignatures: false,
      // A chunk's or asset's name is its hash alone, of seven characters, not Vite's name and eight:
      // the entry names every lazy chunk and the i18n chunk every locale file, and the landing
      // page's gzip budget has no room for the names (docs/decisions.md). Not six: Rollup's
      // placeholder for a hash of six numbers 64 files only, and the build has more.
      output: {
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[hash:7].js',
        assetFileNames: 'assets/[hash:7][extname]',
      },
    },
  },
}));
