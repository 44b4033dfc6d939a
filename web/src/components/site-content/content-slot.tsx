import type { SiteBlock } from '@shared/contract/site-content';
import type { Language } from '@shared/enums';
import { useLanguage } from '@web/lib/i18n';
import { loadSiteContent, seedSiteBlock, siteBlock } from '@web/stores/site-content-store';
import { type ReactNode, useEffect, useState } from 'react';
import './content-slot.css';

/**
 * Records the blocks a prerendered page holds, in its language, before the app hydrates
 * (web/src/main.tsx): a written one's HTML as the page carries it, null for a built-in one.
 * Hydration then renders exactly what the HTML holds. The attributes are shared/contract's
 * CONTENT_SLOT_ATTRIBUTE and CONTENT_CUSTOM_ATTRIBUTE, written out as the JSX below writes them.
 */
export function seedSiteContent(root: ParentNode, language: Language) {
  for (const slot of root.querySelectorAll('[data-content-slot]')) {
    seedSiteBlock(
      language,
      slot.getAttribute('data-content-slot')!,
      slot.hasAttribute('data-content-custom') ? slot.innerHTML : null,
    );
  }
}

interface ContentSlotProps {
  block: SiteBlock;
  /** The place's own class, beside `content-slot`. */
  className: string;
  /** The site's built-in text: shown while nothing is written, and until the written one is known. */
  children: ReactNode;
}

/**
 * The place of a block of the pages staff edit (shared/contract/site-content.ts): always one div
 * marked `data-content-slot`, which the server's publishing finds in the prerendered HTML and fills
 * with the written text (Markdown it rendered and sanitized), marked `data-content-custom`. The app
 * renders the same: a prerendered page seeds the store with what it holds, so hydration finds what
 * it would write; a block not known in the UI language (a page the app renders itself, another
 * language) is read from the API, the built-in text shown meanwhile. In the app's entry, with the
 * seeding: the landing page's budget has no room for a chunk of its own.
 */
export function ContentSlot({ block, className, children }: ContentSlotProps) {
  const language = useLanguage();
  // Set to the answer when the language's read ends: the slot re-renders with it.
  const [, setAnswer] = useState<unknown>();
  const written = siteBlock(language, block);
  useEffect(() => {
    if (written === undefined) void loadSiteContent(language).then(setAnswer);
  }, [written, language]);
  // Keyed by what it shows: React replaces the element rather than swap its children for inner HTML.
  return typeof written === 'string' ? (
    <div
      key="written"
      className={`content-slot ${className}`}
      data-content-slot={block}
      data-content-custom=""
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitized it (functions/domain/site-content/markdown.ts).
      dangerouslySetInnerHTML={{ __html: written }}
    />
  ) : (
    <div key="built-in" className={`content-slot ${className}`} data-content-slot={block}>
      {children}
    </div>
  );
}
