import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * Pages staff edit (issue 41 item 5) are Markdown, shown as HTML on the public site: rendered here,
 * on the server, and then sanitized, so what a staff account (or whoever holds its session) typed
 * can never run in a visitor's browser. Two well-kept libraries in turn (docs/decisions.md):
 * markdown-it with raw HTML off (a tag typed is text) and its own link check (no `javascript:`,
 * `vbscript:`, `file:`, `data:`), then sanitize-html with an allowlist of the tags Markdown makes,
 * a handful of attributes and three URL schemes, so a renderer's slip still cannot let a script,
 * an event handler or a style through.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

/** The tags CommonMark and markdown-it's tables and strikethrough produce. */
export const PAGE_TAGS = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'code',
  'em',
  'strong',
  's',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;

/** Links and images go to the web or to a mail address only; relative links stay on the site. */
export const PAGE_URL_SCHEMES = ['http', 'https', 'mailto'] as const;

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...PAGE_TAGS],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title'],
    ol: ['start'],
    th: ['align'],
    td: ['align'],
  },
  allowedSchemes: [...PAGE_URL_SCHEMES],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  // A link leaves the site without giving it the page or the session behind it.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^https?:/i.test(attribs.href ?? '')
        ? { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' }
        : { ...attribs },
    }),
  },
};

/** HTML reduced to the allowlist: the second line of defence, tested on its own against raw HTML. */
export function sanitizePageHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

/** A page's Markdown as the HTML the site shows: rendered, then sanitized. */
export function renderPageMarkdown(source: string): string {
  return sanitizePageHtml(markdown.render(source));
}
