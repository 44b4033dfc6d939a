import '@web/lib/react-i18next-bridge';

export { AdminApp } from '@web/features/admin';
