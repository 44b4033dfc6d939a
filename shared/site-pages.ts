/**
 * Which pages of the site are rendered to HTML at build time, in each language, and which stay
 * client-rendered (docs/architecture.md §13). The web build writes `/{language}/{file}.html` for
 * each prerendered page; the edge function (infra/edge/page-router.ts) picks one per request.
 */
export const PRERENDERED_PAGES = {
  '/': 'index',
  '/license-agreement': 'license-agreement',
  '/privacy-policy': 'privacy-policy',
  '/rates': 'rates',
  '/login': 'login',
  '/register': 'register',
  '/forgot-password': 'forgot-password',
} as const;

/** The 404 page, prerendered too: every path neither list knows. */
export const NOT_FOUND_PAGE = '404';

/** Client-rendered routes (with everything under them): they get the app shell, `/index.html`. */
export const CLIENT_RENDERED_PATHS = ['/apply', '/profile', '/admin', '/reset-password', '/verify-email'];

/** The cookie the web app writes beside local storage when the language is chosen or detected. */
export const LANGUAGE_COOKIE = 'language';
