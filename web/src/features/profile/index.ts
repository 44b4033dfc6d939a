export { ProfilePage } from './components/profile-page';
export { VerificationPage } from './components/verification-page';
