import {
  CONTENT_CUSTOM_ATTRIBUTE,
  CONTENT_SLOT_ATTRIBUTE,
  TICKER_OFF_ATTRIBUTE,
} from '@shared/contract/site-content';
import { Parser } from 'htmlparser2';

/**
 * A prerendered page with the blocks staff wrote put in (docs/architecture.md §13 "Pages staff
 * edit"). The web build marks each block's element with `data-content-slot`; the page here is the
 * build's own (the publisher's template), so each element still holds the built-in text. A written
 * block replaces the element's content and marks it `data-content-custom` (which the app reads
 * before it hydrates, so it renders the same HTML); a block not written keeps the built-in text.
 * The document is parsed (htmlparser2), not searched: only the marked elements' exact spans change,
 * every other byte stays as the build wrote it.
 */
interface Slot {
  block: string;
  /** The opening tag: from its `<` to after its `>`. */
  openStart: number;
  openEnd: number;
  /** Where the element's closing tag starts. */
  closeStart: number;
}

/** The page's block elements, and where its `<html>` opening tag ends (its `>`). */
function markedSpans(page: string): { slots: Slot[]; htmlTagEnd: number | undefined } {
  const slots: Slot[] = [];
  let htmlTagEnd: number | undefined;
  let depth = 0;
  let open: (Omit<Slot, 'closeStart'> & { depth: number }) | undefined;
  const parser = new Parser({
    onopentag(name, attributes) {
      depth += 1;
      if (name === 'html' && htmlTagEnd === undefined) htmlTagEnd = parser.endIndex;
      const block = attributes[CONTENT_SLOT_ATTRIBUTE];
      if (open || block === undefined) return;
      open = { block, depth, openStart: parser.startIndex, openEnd: parser.endIndex + 1 };
    },
    onclosetag() {
      if (open && depth === open.depth) {
        const { depth: _depth, ...slot } = open;
        slots.push({ ...slot, closeStart: parser.startIndex });
        open = undefined;
      }
      depth -= 1;
    },
  });
  parser.end(page);
  return { slots, htmlTagEnd };
}

const VERSION_META = /<meta name="site-content-version" content="(\d+)">/;

/** The blocks' version a page was published with; undefined: the build's page, never published. */
export function publishedVersionOf(page: string): number | undefined {
  const match = VERSION_META.exec(page);
  return match ? Number(match[1]) : undefined;
}

/**
 * The build's page with `written` (sanitized HTML by block) in place, its `<html>` marked when no
 * ticker coins are chosen (`tickerOff`), and the version stamped in its head, so the publishing job
 * can tell a page it wrote from one a deploy put back.
 */
export function pageWithBlocks(
  template: string,
  written: ReadonlyMap<string, string>,
  version: number,
  tickerOff = false,
): string {
  const { slots, htmlTagEnd } = markedSpans(template);
  let page = '';
  let from = 0;
  if (tickerOff && htmlTagEnd !== undefined) {
    page += `${template.slice(0, htmlTagEnd)} ${TICKER_OFF_ATTRIBUTE}=""`;
    from = htmlTagEnd;
  }
  for (const slot of slots) {
    const html = written.get(slot.block);
    if (html === undefined) continue;
    const openTag = template.slice(slot.openStart, slot.openEnd);
    page += template.slice(from, slot.openStart);
    page += `${openTag.slice(0, -1)} ${CONTENT_CUSTOM_ATTRIBUTE}="">`;
    page += html;
    from = slot.closeStart;
  }
  page += template.slice(from);
  const meta = `<meta name="site-content-version" content="${version}">`;
  return VERSION_META.test(page)
    ? page.replace(VERSION_META, meta)
    : page.replace('</head>', `${meta}</head>`);
}
