export { OrderPage } from './components/order-page';
