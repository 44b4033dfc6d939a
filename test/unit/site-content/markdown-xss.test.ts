import {
  PAGE_TAGS,
  PAGE_URL_SCHEMES,
  renderPageMarkdown,
  sanitizePageHtml,
} from '@functions/domain/site-content/markdown';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';

/**
 * The pages' sanitizer against XSS payloads (OWASP's filter evasion cheat sheet and the usual
 * Markdown ones): whatever comes in, what goes out parses, in a real HTML parser, into the allowed
 * tags only, with the allowed attributes only, no event handler, and links and images whose scheme
 * is allowed or that stay on the site.
 */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(1);">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<div style="background-image:url(javascript:alert(1))">x</div>',
  '<<script>script>alert(1)<</script>/script>',
  '<object data="javascript:alert(1)"></object>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '[x](javascript:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x](javascript&#58;alert(1))',
  '[x](java\tscript:alert(1))',
  '[x](%6A%61%76%61%73%63%72%69%70%74:alert(1))',
  '[x](vbscript:msgbox(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[x](file:///etc/passwd)',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '![x](x" onerror="alert(1))',
  '[x](https://ok.example" onmouseover="alert(1))',
  '[x](#" onclick="alert(1))',
  '<javascript:alert(1)>',
  '[a][1]\n\n[1]: javascript:alert(1)',
  '[a](//evil.example/path)',
  '```html\n<script>alert(1)</script>\n```',
  '`<img src=x onerror=alert(1)>`',
  '> <img src=x onerror=alert(1)>',
  '| a | b |\n|---|---|\n| <script>alert(1)</script> | [x](javascript:alert(1)) |',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '<a href="https://ok.example" onclick="alert(1)">x</a>',
  '<img src="https://ok.example/a.png" onload="alert(1)">',
];

const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title', 'rel', 'target'],
  img: ['src', 'alt', 'title'],
  ol: ['start'],
  th: ['align'],
  td: ['align'],
};

/** What is wrong with the HTML, as a browser would parse it: an empty list when nothing. */
function problemsOf(html: string): string[] {
  const { document } = new JSDOM(`<body>${html}</body>`).window;
  const problems: string[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (!(PAGE_TAGS as readonly string[]).includes(tag)) problems.push(`<${tag}>`);
    for (const { name, value } of element.attributes) {
      if (!(ALLOWED_ATTRIBUTES[tag] ?? []).includes(name)) problems.push(`${tag}[${name}]`);
      if ((name === 'href' || name === 'src') && !safeUrl(value, tag === 'img'))
        problems.push(`${tag}[${name}=${value}]`);
    }
  }
  return problems;
}

/** A URL the page may carry: one of the schemes (an image: the web's only), or none at all (on the site). */
function safeUrl(value: string, image: boolean): boolean {
  // As a browser reads it: control characters and spaces within are dropped.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it drops.
  const url = value.replace(/[\u0000-\u0020]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined) return !url.startsWith('//');
  return image
    ? scheme === 'http' || scheme === 'https'
    : (PAGE_URL_SCHEMES as readonly string[]).includes(scheme);
}

describe('the pages’ Markdown, sanitized', () => {
  it.each(PAYLOADS)('lets nothing that runs through: %s', (payload) => {
    // A payload escaped into text is inert: what counts is what a browser parses out of the HTML.
    expect(problemsOf(renderPageMarkdown(payload))).toEqual([]);
  });

  // As if the renderer let raw HTML through: the allowlist alone must hold.
  it.each(PAYLOADS)('the sanitizer alone, given the payload as HTML, lets nothing through: %s', (payload) => {
    expect(problemsOf(sanitizePageHtml(payload))).toEqual([]);
  });

  it('the check itself finds what it must (a handler, a script, a javascript: link, a protocol-relative one)', () => {
    expect(problemsOf('<img src=x onerror=alert(1)>')).toContain('img[onerror]');
    expect(problemsOf('<script>alert(1)</script>')).toContain('<script>');
    expect(problemsOf('<a href="java\tscript:alert(1)">x</a>')).toContain('a[href=java\tscript:alert(1)]');
    expect(problemsOf('<a href="//evil.example">x</a>')).toContain('a[href=//evil.example]');
  });

  it('keeps what staff write: headings, emphasis, lists, tables, code, images and links, the web ones opened apart', () => {
    const html = renderPageMarkdown(
      [
        '## Как обменять',
        '',
        '1. **Выберите** направление',
        '2. Оплатите',
        '',
        '| Город | Часы |',
        '|---|---|',
        '| Москва | 10–20 |',
        '',
        'Пишите на [почту](mailto:desk@exchange.example) или [в Telegram](https://t.me/exchange), правила — [здесь](/terms).',
        '',
        '![Офис](https://exchange.example/office.jpg) `USDT TRC-20` ~~старое~~',
      ].join('\n'),
    );
    expect(problemsOf(html)).toEqual([]);
    expect(html).toContain('<h2>Как обменять</h2>');
    expect(html).toContain('<ol>\n<li><strong>Выберите</strong> направление</li>');
    expect(html).toContain('<td>Москва</td>');
    expect(html).toContain('<a href="mailto:desk@exchange.example">почту</a>');
    expect(html).toContain(
      '<a href="https://t.me/exchange" rel="noopener noreferrer nofollow" target="_blank">в Telegram</a>',
    );
    expect(html).toContain('<a href="/terms">здесь</a>');
    expect(html).toContain('<img src="https://exchange.example/office.jpg" alt="Офис" />');
    expect(html).toContain('<code>USDT TRC-20</code> <s>старое</s>');
  });
});
