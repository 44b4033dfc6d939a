import '../../lib/react-i18next-bridge';

export { AdminApp } from '../../features/admin';
