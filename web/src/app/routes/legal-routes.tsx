import '../../lib/react-i18next-bridge';

export { LicenseAgreementPage, PrivacyPolicyPage } from '../../features/legal';
