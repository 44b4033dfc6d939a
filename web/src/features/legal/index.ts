export { AmlKycPage } from './components/aml-kyc-page';
export { FaqPage } from './components/faq-page';
export { LicenseAgreementPage } from './components/license-agreement-page';
export { PrivacyPolicyPage } from './components/privacy-policy-page';
