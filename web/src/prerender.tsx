import type { Language } from '@shared/enums';
import type { PageMetaKey } from '@shared/site-pages';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppContent } from './app/app';
import { i18n, initI18n, NAMESPACES } from './lib/i18n';

/**
 * The build's prerendering (docs/architecture.md §13), bundled for Node by the web build's
 * prerender plugin (web/prerender-plugin.ts): renders one route of the app in one language to
 * HTML, the very tree the browser hydrates, with every lazy part resolved.
 */
const resourceFiles = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', {
  eager: true,
  import: 'default',
});

function resourcesOf(language: Language) {
  return Object.fromEntries(
    NAMESPACES.map((namespace) => [
      namespace,
      resourceFiles[`./locales/${language}/${namespace}.json`] ?? {},
    ]),
  );
}

let started: Promise<unknown> | undefined;

export interface RenderedPage {
  /** The markup inside `#root`. */
  html: string;
  title: string;
  description: string;
}

export async function renderPage(
  path: string,
  language: Language,
  metaKey: PageMetaKey,
): Promise<RenderedPage> {
  started ??= initI18n({ resources: { ru: resourcesOf('ru'), en: resourcesOf('en') }, language });
  await started;
  await i18n.changeLanguage(language);
  const tree = (
    <StrictMode>
      <StaticRouter location={path}>
        <AppContent />
      </StaticRouter>
    </StrictMode>
  );
  // The first pass waits for every lazy part; the second, with all of them loaded, writes the page
  // whole, in place. (The first pass's own output moves late parts into place with inline scripts,
  // which the CSP forbids and a browser without JavaScript never runs.)
  const { prelude } = await prerenderToNodeStream(tree);
  for await (const _chunk of prelude) {
    // Drained only.
  }
  const html = renderToString(tree);
  if (html.includes('<script') || html.includes('<template')) {
    throw new Error(`prerender: ${path} still suspends; its markup would need scripts`);
  }
  const t = i18n.getFixedT(language, 'common');
  return {
    html,
    title: t(`meta.${metaKey}.title`),
    description: t(`meta.${metaKey}.description`),
  };
}
