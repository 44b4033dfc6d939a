export { LicenseAgreementPage } from './components/license-agreement-page';
export { PrivacyPolicyPage } from './components/privacy-policy-page';
