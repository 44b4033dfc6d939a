export { LicenseAgreementPage } from './components/LicenseAgreementPage';
export { PrivacyPolicyPage } from './components/PrivacyPolicyPage';
