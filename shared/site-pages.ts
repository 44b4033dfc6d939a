/**
 * Which pages of the site are rendered to HTML at build time, in each language, and which stay
 * client-rendered (docs/architecture.md §13). The web build writes `/{language}/{file}.html` for
 * each prerendered page; the edge function (infra/edge/page-router.ts) picks one per request.
 */
export const PRERENDERED_PAGES = {
  '/': 'index',
  '/license-agreement': 'license-agreement',
  '/privacy-policy': 'privacy-policy',
  '/faq': 'faq',
  '/aml-kyc': 'aml-kyc',
  '/rates': 'rates',
  '/login': 'login',
  '/register': 'register',
  '/forgot-password': 'forgot-password',
} as const;

/** The 404 page, prerendered too: every path neither list knows. */
export const NOT_FOUND_PAGE = '404';

/**
 * The texts of each prerendered page under `meta.*` in the web app's common.json: the title and
 * description its HTML is built with, which the app keeps on the tab in the UI language.
 */
export const PAGE_META_KEYS = {
  '/': 'home',
  '/license-agreement': 'licenseAgreement',
  '/privacy-policy': 'privacyPolicy',
  '/faq': 'faq',
  '/aml-kyc': 'amlKyc',
  '/rates': 'rates',
  '/login': 'login',
  '/register': 'register',
  '/forgot-password': 'forgotPassword',
  [NOT_FOUND_PAGE]: 'notFound',
} as const satisfies Record<keyof typeof PRERENDERED_PAGES | typeof NOT_FOUND_PAGE, string>;

export type PageMetaKey = (typeof PAGE_META_KEYS)[keyof typeof PAGE_META_KEYS];

/** Client-rendered routes (with everything under them): they get the app shell, `/index.html`. */
export const CLIENT_RENDERED_PATHS = ['/apply', '/profile', '/admin', '/reset-password', '/verify-email'];

/** Pages and other unhashed files of the site: revalidated on every request (the deploy and the publisher write them so). */
export const PAGE_CACHE_CONTROL = 'no-cache';

/** The cookie the web app writes beside local storage when the language is chosen or detected. */
export const LANGUAGE_COOKIE = 'language';

/** The id of the `<template>` that holds a prerendered page's scripts until its first paint. */
export const PAGE_SCRIPTS_ID = 'page-scripts';

/**
 * The one inline script of a prerendered page (docs/architecture.md §13), allowed by its hash in
 * the CSP (infra/security-headers.ts). The page's scripts wait in `<template id="page-scripts">`
 * until its first contentful paint has been presented (that paint holds the whole page: the page
 * blocks rendering until `#root` is parsed), then are moved into the document: no script download
 * can come before the largest paint. A browser without paint timing loads them at
 * DOMContentLoaded; a hidden tab, when it is first shown.
 */
export const PAGE_SCRIPTS_LOADER = [
  '(function () {',
  '  var loaded = false;',
  '  function load() {',
  '    if (loaded) return;',
  '    loaded = true;',
  `    var scripts = document.getElementById('${PAGE_SCRIPTS_ID}');`,
  '    document.head.appendChild(document.importNode(scripts.content, true));',
  '  }',
  "  if ((window.PerformanceObserver && PerformanceObserver.supportedEntryTypes || []).indexOf('paint') === -1) {",
  "    document.addEventListener('DOMContentLoaded', load);",
  '    return;',
  '  }',
  '  new PerformanceObserver(function (list) {',
  "    if (list.getEntriesByName('first-contentful-paint').length > 0) load();",
  "  }).observe({ type: 'paint', buffered: true });",
  '})();',
].join('\n');
