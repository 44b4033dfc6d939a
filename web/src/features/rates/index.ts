export { RatesPage } from './components/rates-page';
