export { PartnerPage } from './components/partner-page';
