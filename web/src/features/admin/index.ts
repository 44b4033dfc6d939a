export { AdminApp } from './admin-app';
