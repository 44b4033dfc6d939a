import { LICENSE_SECTION_KEYS } from '../sections';
import { LegalDocument } from './legal-document';

/** `/license-agreement`: the User Agreement, 13 anchored sections with side navigation. */
export function LicenseAgreementPage() {
  return <LegalDocument doc="license" block="terms" sectionKeys={LICENSE_SECTION_KEYS} />;
}
