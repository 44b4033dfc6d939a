import { useTranslation } from 'react-i18next';
import type { LegalDocumentKey } from '../sections';

interface Term {
  term: string;
  definition: string;
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** A missing key comes back from `t` as the key itself, so anything that is not an array reads as empty. */
function asStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter(isNonEmptyString) : [];
}

function asTerms(value: unknown): Term[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is Term =>
      typeof item === 'object' &&
      item !== null &&
      isNonEmptyString(item.term) &&
      isNonEmptyString(item.definition),
  );
}

export interface LegalSectionProps {
  doc: LegalDocumentKey;
  sectionKey: string;
  headingId: string;
}

/**
 * One section: `<doc>.sections.<key>` holds `title` and `paragraphs`, and optionally `terms`
 * (`{ term, definition }[]`, rendered as a definition list) or `items` (a bulleted list). A list follows
 * the first paragraph, which introduces it; the remaining paragraphs come after the list.
 */
export function LegalSection({ doc, sectionKey, headingId }: LegalSectionProps) {
  const { t } = useTranslation('legal');
  const base = `${doc}.sections.${sectionKey}`;
  const [lead, ...rest] = asStrings(t(`${base}.paragraphs`, { returnObjects: true }));
  const terms = asTerms(t(`${base}.terms`, { returnObjects: true }));
  const items = asStrings(t(`${base}.items`, { returnObjects: true }));

  return (
    <section id={sectionKey} className="legal-doc__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="legal-doc__section-title">
        {t(`${base}.title`)}
      </h2>
      {lead && <p>{lead}</p>}
      {terms.length > 0 && (
        <dl className="legal-doc__terms">
          {terms.map(({ term, definition }) => (
            <div key={term} className="legal-doc__term">
              <dt>{term}</dt>
              <dd>{definition}</dd>
            </div>
          ))}
        </dl>
      )}
      {items.length > 0 && (
        <ul className="legal-doc__list">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      {rest.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </section>
  );
}
