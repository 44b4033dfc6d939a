export { ApplyPage } from './components/apply-page';
