import { AML_KYC_SECTION_KEYS } from '../sections';
import { LegalDocument } from './legal-document';

/** `/aml-kyc`: what is checked and when, and what becomes of a held payment; staff may write their own. */
export function AmlKycPage() {
  return <LegalDocument doc="amlKyc" block="aml-kyc" sectionKeys={AML_KYC_SECTION_KEYS} />;
}
