import { runInNewContext } from 'node:vm';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@shared/enums';
import {
  CLIENT_RENDERED_PATHS,
  LANGUAGE_COOKIE,
  NOT_FOUND_PAGE,
  PRERENDERED_PAGES,
} from '@shared/site-pages';

/**
 * The CloudFront Function (viewer request, cloudfront-js-2.0) in front of the site's bucket, and,
 * run in node:vm, the local server's router, so both answer every path the same way:
 * - a file (its last segment has a dot) is served as it is;
 * - a client-rendered route gets the app shell, `/index.html`;
 * - any other path gets its prerendered page, or the 404 page, in the visitor's language:
 *   `?lang=` (the hreflang links), then the `language` cookie the app writes, then the best
 *   supported language of `Accept-Language`, then ru: `/{language}/{page}.html`.
 * CloudFront keys its cache on the rewritten URI, so each language's page is cached apart.
 */
const FUNCTION_BODY = `
function supported(value) {
  if (!value) return null;
  var base = String(value).trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.indexOf(base) === -1 ? null : base;
}

function fromAcceptLanguage(header) {
  var best = null;
  var bestQ = 0;
  var parts = header.split(',');
  for (var i = 0; i < parts.length; i++) {
    var pieces = parts[i].split(';');
    var language = supported(pieces[0]);
    var q = 1;
    for (var j = 1; j < pieces.length; j++) {
      var param = pieces[j].trim();
      if (param.indexOf('q=') === 0) q = parseFloat(param.substring(2));
    }
    if (language && q > bestQ) {
      best = language;
      bestQ = q;
    }
  }
  return best;
}

function languageOf(request) {
  var query = request.querystring && request.querystring.lang;
  var cookie = request.cookies && request.cookies[LANGUAGE_COOKIE];
  var header = request.headers && request.headers['accept-language'];
  return (
    supported(query && query.value) ||
    supported(cookie && cookie.value) ||
    (header ? fromAcceptLanguage(header.value) : null) ||
    DEFAULT_LANGUAGE
  );
}

function isClientRendered(path) {
  for (var i = 0; i < CLIENT_PATHS.length; i++) {
    var prefix = CLIENT_PATHS[i];
    if (path === prefix || path.indexOf(prefix + '/') === 0) return true;
  }
  return false;
}

function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.substring(uri.lastIndexOf('/') + 1).indexOf('.') !== -1) return request;
  var path = uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.substring(0, uri.length - 1) : uri;
  if (isClientRendered(path)) {
    request.uri = '/index.html';
    return request;
  }
  var page = Object.prototype.hasOwnProperty.call(PAGES, path) ? PAGES[path] : NOT_FOUND_PAGE;
  request.uri = '/' + languageOf(request) + '/' + page + '.html';
  return request;
}
`;

export const PAGE_ROUTER_CODE = [
  `var LANGUAGES = ${JSON.stringify(LANGUAGES)};`,
  `var DEFAULT_LANGUAGE = ${JSON.stringify(DEFAULT_LANGUAGE)};`,
  `var LANGUAGE_COOKIE = ${JSON.stringify(LANGUAGE_COOKIE)};`,
  `var PAGES = ${JSON.stringify(PRERENDERED_PAGES)};`,
  `var NOT_FOUND_PAGE = ${JSON.stringify(NOT_FOUND_PAGE)};`,
  `var CLIENT_PATHS = ${JSON.stringify(CLIENT_RENDERED_PATHS)};`,
  FUNCTION_BODY.trim(),
].join('\n');

/** The parts of a CloudFront Function viewer-request event the router reads. */
export interface ViewerRequest {
  uri: string;
  querystring?: Record<string, { value: string }>;
  cookies?: Record<string, { value: string }>;
  headers?: Record<string, { value: string }>;
}

let compiled: ((event: { request: ViewerRequest }) => ViewerRequest) | undefined;

/** Runs the function's very code, as CloudFront would, and answers the URI it rewrote the request to. */
export function routePage(request: ViewerRequest): string {
  compiled ??= runInNewContext(`${PAGE_ROUTER_CODE}\nhandler`) as typeof compiled;
  return compiled!({ request: { ...request } }).uri;
}
