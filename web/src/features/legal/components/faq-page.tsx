import { FAQ_SECTION_KEYS } from '../sections';
import { LegalDocument } from './legal-document';

/** `/faq`: how an exchange application goes here, question by question; staff may write their own. */
export function FaqPage() {
  return <LegalDocument doc="faq" block="faq" sectionKeys={FAQ_SECTION_KEYS} />;
}
