import { PRIVACY_SECTION_KEYS } from '../sections';
import { LegalDocument } from './legal-document';

/** `/privacy-policy`: the Privacy Policy, 9 anchored sections with side navigation. */
export function PrivacyPolicyPage() {
  return <LegalDocument doc="privacy" block="privacy" sectionKeys={PRIVACY_SECTION_KEYS} />;
}
