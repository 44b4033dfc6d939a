import '@web/lib/react-i18next-bridge';

export { AmlKycPage, FaqPage, LicenseAgreementPage, PrivacyPolicyPage } from '@web/features/legal';
