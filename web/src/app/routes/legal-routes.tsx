import '@web/lib/react-i18next-bridge';

export { LicenseAgreementPage, PrivacyPolicyPage } from '@web/features/legal';
