import type { SiteBlock } from '@shared/contract/site-content';
import { ContentSlot } from '@web/components/site-content/content-slot';
import { dateTimeFormat } from '@web/lib/intl-format';
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { LegalDocumentKey } from '../sections';
import { LegalSection } from './legal-section';
import '../legal.css';

/** Same breakpoint as `legal.css`: at or below it the contents sit above the text and collapse. */
const NARROW_QUERY = '(max-width: 768px)';

function hasMatchMedia(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function';
}

function subscribeToNarrow(onChange: () => void): () => void {
  if (!hasMatchMedia()) return () => {};
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener?.('change', onChange);
  return () => query.removeEventListener?.('change', onChange);
}

function isNarrowNow(): boolean {
  return hasMatchMedia() && window.matchMedia(NARROW_QUERY).matches;
}

function useIsNarrow(): boolean {
  return useSyncExternalStore(subscribeToNarrow, isNarrowNow, () => false);
}

function sectionFromHash(sectionKeys: readonly string[]): string | undefined {
  let key: string;
  try {
    key = decodeURIComponent(window.location.hash.slice(1));
  } catch {
    return undefined;
  }
  return sectionKeys.includes(key) ? key : undefined;
}

/**
 * The page is lazy-loaded, so the browser's own jump to `#section` happens before the section exists:
 * scroll there once the sections are rendered, and again whenever the hash changes.
 */
function useScrollToHash(sectionKeys: readonly string[]): void {
  useEffect(() => {
    const scrollToHash = () => {
      const key = sectionFromHash(sectionKeys);
      const target = key ? document.getElementById(key) : null;
      if (target && typeof target.scrollIntoView === 'function') target.scrollIntoView({ block: 'start' });
    };
    scrollToHash();
    window.addEventListener('hashchange', scrollToHash);
    return () => window.removeEventListener('hashchange', scrollToHash);
  }, [sectionKeys]);
}

/** The first section crossing the upper part of the viewport, marked in the navigation as the current one. */
function useActiveSection(sectionKeys: readonly string[]): string | undefined {
  const [active, setActive] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const visible = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target.id);
          else visible.delete(entry.target.id);
        }
        const first = sectionKeys.find((key) => visible.has(key));
        if (first) setActive(first);
      },
      { rootMargin: '-10% 0px -60% 0px' },
    );
    for (const key of sectionKeys) {
      const section = document.getElementById(key);
      if (section) observer.observe(section);
    }
    return () => observer.disconnect();
  }, [sectionKeys]);
  return active;
}

const DATE_LOCALES: Record<string, string> = { en: 'en-GB', ru: 'ru-RU' };

/** `2026-11-22` as "22 November 2026" / "22 ноября 2026 г."; the ISO text if it cannot be formatted. */
function formatDate(isoDate: string, language: string | undefined): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  const base = language?.split('-')[0] ?? '';
  try {
    return dateTimeFormat(DATE_LOCALES[base] ?? language, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(date);
  } catch {
    return isoDate;
  }
}

export interface LegalDocumentProps {
  /** The document's top-level key in the `legal` namespace. */
  doc: LegalDocumentKey;
  /** The block of the pages staff edit that holds the document's sections: a written one replaces them. */
  block: SiteBlock;
  /** Section keys in display order; each becomes the section's id and a link in the contents. */
  sectionKeys: readonly string[];
}

/**
 * Shared layout of the legal pages: title, last-updated line, contents with an anchor link per section
 * (sticky beside the text on wide screens, a collapsible block above it at 768 px and below) and the
 * sections themselves, each with `id` = its key. When staff wrote the block, its text stands for the
 * sections, and legal.css hides the contents and the date, which are the built-in text's.
 */
export function LegalDocument({ doc, block, sectionKeys }: LegalDocumentProps) {
  const { t, i18n } = useTranslation('legal');
  const idPrefix = useId();
  const titleId = `${idPrefix}-title`;
  const contentsListId = `${idPrefix}-contents`;
  const isNarrow = useIsNarrow();
  const [contentsOpen, setContentsOpen] = useState(false);
  const activeKey = useActiveSection(sectionKeys);
  useScrollToHash(sectionKeys);

  const contents = t(`${doc}.contents`);
  const updated = t(`${doc}.updated`);
  const contentsVisible = !isNarrow || contentsOpen;

  // On a narrow screen the contents close before the browser follows the link, so the jump is not
  // thrown off by the list collapsing above the target afterwards.
  const onContentsLinkClick = () => {
    if (isNarrow) flushSync(() => setContentsOpen(false));
  };

  return (
    <article className="legal-doc" aria-labelledby={titleId}>
      <header className="legal-doc__header">
        <h1 id={titleId} className="legal-doc__title">
          {t(`${doc}.title`)}
        </h1>
        <p className="legal-doc__updated">
          {t(`${doc}.lastUpdated`)}:{' '}
          <time dateTime={updated}>{formatDate(updated, i18n.resolvedLanguage ?? i18n.language)}</time>
        </p>
      </header>
      <div className="legal-doc__layout">
        <nav className="legal-doc__nav" aria-label={contents}>
          <h2 className="legal-doc__nav-title">
            {isNarrow ? (
              <button
                type="button"
                className="legal-doc__nav-toggle"
                aria-expanded={contentsOpen}
                aria-controls={contentsListId}
                onClick={() => setContentsOpen((open) => !open)}
              >
                {contents}
              </button>
            ) : (
              contents
            )}
          </h2>
          <ol
            id={contentsListId}
            className="legal-doc__nav-list"
            hidden={!contentsVisible}
            data-open={contentsOpen || undefined}
          >
            {sectionKeys.map((key) => (
              <li key={key}>
                <a
                  href={`#${key}`}
                  className="legal-doc__nav-link"
                  aria-current={activeKey === key ? 'location' : undefined}
                  onClick={onContentsLinkClick}
                >
                  {t(`${doc}.sections.${key}.title`)}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <ContentSlot block={block} className="legal-doc__body">
          {sectionKeys.map((key) => (
            <LegalSection key={key} doc={doc} sectionKey={key} headingId={`${idPrefix}-${key}`} />
          ))}
        </ContentSlot>
      </div>
    </article>
  );
}
