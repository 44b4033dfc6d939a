import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { LANGUAGES } from '../shared/enums';
import {
  NOT_FOUND_PAGE,
  PAGE_META_KEYS,
  PAGE_SCRIPTS_ID,
  PAGE_SCRIPTS_LOADER,
  type PageMetaKey,
  PRERENDERED_PAGES,
} from '../shared/site-pages';
import type { RenderedPage } from './src/prerender';

/**
 * The web build's last step (docs/architecture.md §13): bundles web/src/prerender.tsx for Node,
 * renders each public page in each language and writes `/{language}/{page}.html` beside the app
 * shell: the shell's head and scripts, the page's title, description and hreflang links, the
 * styles of the app and of its route inlined (no stylesheet request before the first paint; the
 * CSP allows inline styles), its markup in `#root`, which the app hydrates, and its scripts (the
 * app's entry, the route's chunks preloaded, the language's common texts preloaded) held in a
 * template until the first paint (PAGE_SCRIPTS_LOADER in shared/site-pages.ts).
 */
const WEB_ROOT = import.meta.dirname;
/**
 * Where the server bundle of a build goes: inside the project, so its imports of react and the rest
 * resolve from node_modules, and one folder per output folder, so builds running at once (the
 * e2e run's and `npm start`'s) never remove or overwrite each other's bundle.
 */
const ssrDirFor = (outDir: string) =>
  join(
    WEB_ROOT,
    '../node_modules/.cache/prerender',
    createHash('sha256').update(outDir).digest('hex').slice(0, 12),
  );

/** The lazily loaded module of each prerendered page (web/src/app/router.tsx). */
const PAGE_MODULES: Record<string, string> = {
  '/': 'src/features/landing/index.ts',
  '/license-agreement': 'src/app/routes/legal-routes.tsx',
  '/privacy-policy': 'src/app/routes/legal-routes.tsx',
  '/faq': 'src/app/routes/legal-routes.tsx',
  '/aml-kyc': 'src/app/routes/legal-routes.tsx',
  '/rates': 'src/features/rates/index.ts',
  '/login': 'src/features/auth/index.ts',
  '/register': 'src/features/auth/index.ts',
  '/forgot-password': 'src/features/auth/index.ts',
  [NOT_FOUND_PAGE]: 'src/app/routes/not-found.tsx',
};

interface ChunkFacts {
  file: string;
  imports: string[];
  css: string[];
  moduleId: string | null;
  isEntry: boolean;
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/** `SITE_URL` of the build (the deployed origin; hreflang links must be absolute), else `npm start`'s. */
function siteOrigin(): string {
  return (process.env.SITE_URL || 'http://localhost:3000').replace(/\/+$/, '');
}

export function prerenderPages(): Plugin {
  let outDir = '';
  let ssrBuild = false;
  const chunks = new Map<string, ChunkFacts>();
  /** The emitted file of each locale JSON, by its source path (`src/locales/en/common.json`). */
  const localeFiles = new Map<string, string>();
  return {
    name: 'exchange:prerender-pages',
    apply: 'build',
    configResolved(config) {
      ssrBuild = Boolean(config.build.ssr);
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === 'asset') {
          for (const source of output.originalFileNames) localeFiles.set(source, output.fileName);
          continue;
        }
        chunks.set(output.fileName, {
          file: output.fileName,
          imports: output.imports,
          css: [...(output.viteMetadata?.importedCss ?? [])],
          moduleId: output.facadeModuleId,
          isEntry: output.isEntry,
        });
      }
    },
    async closeBundle() {
      if (ssrBuild) return;
      const ssrDir = ssrDirFor(outDir);
      rmSync(ssrDir, { recursive: true, force: true });
      await build({
        configFile: false,
        root: WEB_ROOT,
        mode: 'production',
        logLevel: 'warn',
        plugins: [react()],
        resolve: { tsconfigPaths: true },
        build: { ssr: 'src/prerender.tsx', outDir: ssrDir, emptyOutDir: true, minify: false },
      });
      const { renderPage } = (await import(pathToFileURL(join(ssrDir, 'prerender.js')).href)) as {
        renderPage: (path: string, language: string, metaKey: PageMetaKey) => Promise<RenderedPage>;
      };
      const shell = inlineIcon(readFileSync(join(outDir, 'index.html'), 'utf8'));
      const pages: Array<[keyof typeof PAGE_META_KEYS, string]> = [
        ...(Object.entries(PRERENDERED_PAGES) as Array<[keyof typeof PRERENDERED_PAGES, string]>),
        [NOT_FOUND_PAGE, NOT_FOUND_PAGE],
      ];
      try {
        for (const language of LANGUAGES) {
          mkdirSync(join(outDir, language), { recursive: true });
          for (const [path, file] of pages) {
            // Any path no route knows renders the 404 page.
            const location = path === NOT_FOUND_PAGE ? '/__not-found__' : path;
            const page = await renderPage(location, language, PAGE_META_KEYS[path]);
            const assets = routeAssets(PAGE_MODULES[path]!);
            const texts = localeFiles.get(`src/locales/${language}/common.json`);
            if (!texts) throw new Error(`prerender: no emitted src/locales/${language}/common.json`);
            const html = pageHtml(inlineStyles(shell, assets.css), {
              language,
              head: headOf(path, page),
              markup: page.html,
              preloads: [...assets.scripts, texts],
            });
            writeFileSync(join(outDir, language, `${file}.html`), html);
          }
        }
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };

  /**
   * The app's and the route's styles as one inline style element. Their links stay, `disabled`
   * (neither fetched nor applied): the app's loader of lazy chunks, finding them, does not add the
   * files again after the inline styles, which would reorder the cascade and move the page.
   */
  function inlineStyles(shell: string, routeCss: string[]): string {
    const files: string[] = [];
    const disabled = shell.replace(
      /<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>/g,
      (_link, file: string) => {
        files.push(file);
        return `<link rel="stylesheet" href="/${file}" disabled>`;
      },
    );
    files.push(...routeCss);
    const css = files.map((file) => readFileSync(join(outDir, file), 'utf8')).join('\n');
    const links = routeCss.map((file) => `    <link rel="stylesheet" href="/${file}" disabled>\n`).join('');
    return disabled.replace(
      '</head>',
      `${links}    <style>${css.replaceAll('</style', '<\\/style')}</style>\n  </head>`,
    );
  }

  /** The styles and scripts of a page's route chunk and its static imports, the entry's excepted. */
  function routeAssets(moduleKey: string): { css: string[]; scripts: string[] } {
    const route = [...chunks.values()].find((chunk) => chunk.moduleId?.endsWith(`/web/${moduleKey}`));
    if (!route) throw new Error(`prerender: no chunk for ${moduleKey}`);
    const css = new Set<string>();
    const scripts = new Set<string>();
    const visit = (chunk: ChunkFacts | undefined) => {
      if (!chunk || chunk.isEntry || scripts.has(chunk.file)) return;
      scripts.add(chunk.file);
      for (const file of chunk.css) css.add(file);
      for (const imported of chunk.imports) visit(chunks.get(imported));
    };
    visit(route);
    return { css: [...css], scripts: [...scripts] };
  }
}

/**
 * The site's icon as a data: URL (the CSP's img-src allows them): its request would otherwise end
 * before the page's largest paint, and Lighthouse's simulation counts such a request on the path to it.
 */
function inlineIcon(shell: string): string {
  const icon = readFileSync(join(WEB_ROOT, 'public/favicon.svg'), 'utf8').trim();
  const link = '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />';
  if (!shell.includes(link)) throw new Error(`prerender: no ${link} in index.html`);
  return shell.replace(
    link,
    `<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,${encodeURIComponent(icon)}" />`,
  );
}

function headOf(path: string, page: RenderedPage): string {
  const lines = [
    `<title>${escapeHtml(page.title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    // The first paint waits for the whole markup, so it is the largest one too (Chromium; others ignore it).
    '<link rel="expect" href="#root" blocking="render" />',
  ];
  if (path !== NOT_FOUND_PAGE) {
    const url = `${siteOrigin()}${path}`;
    for (const alternate of LANGUAGES) {
      lines.push(`<link rel="alternate" hreflang="${alternate}" href="${url}?lang=${alternate}" />`);
    }
    lines.push(`<link rel="alternate" hreflang="x-default" href="${url}" />`);
  }
  return lines.map((line) => `    ${line}`).join('\n');
}

interface PageParts {
  language: string;
  head: string;
  markup: string;
  /** Files fetched together with the app's entry: the route's chunks and the language's texts. */
  preloads: string[];
}

/**
 * The shell made a page: its language, head and markup, and its scripts moved from the head into
 * the template that PAGE_SCRIPTS_LOADER empties after the first paint (the page reads complete
 * without them; their download would otherwise lie before the largest paint).
 */
function pageHtml(shell: string, { language, head, markup, preloads }: PageParts): string {
  let entry = '';
  const replaced = shell
    .replace('<html lang="ru">', `<html lang="${language}">`)
    .replace(/\s*<script type="module"[^>]*><\/script>/, (script) => {
      entry = script.trim();
      return '';
    })
    .replace(/\s*<title>[^<]*<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace('</head>', `${head}\n  </head>`)
    .replace(/<div id="root">[\s\S]*?<\/div>/, () => `<div id="root" data-prerendered>${markup}</div>`);
  if (!replaced.includes('data-prerendered')) throw new Error('prerender: no #root in index.html');
  if (!entry) throw new Error("prerender: no module script in index.html's head");
  const preloadLinks = preloads.map((file) =>
    file.endsWith('.js')
      ? `<link rel="modulepreload" href="/${file}" />`
      : `<link rel="preload" as="fetch" crossorigin href="/${file}" />`,
  );
  const scripts = [
    `    <template id="${PAGE_SCRIPTS_ID}">`,
    ...[entry, ...preloadLinks].map((line) => `      ${line}`),
    '    </template>',
    `    <script>${PAGE_SCRIPTS_LOADER}</script>`,
  ].join('\n');
  return replaced.replace('</body>', `${scripts}\n  </body>`);
}
