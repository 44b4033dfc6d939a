import { setI18n } from 'react-i18next';
import { i18n } from './i18n';

/**
 * Lazily loaded areas written with react-i18next (legal, admin) share the app's i18next instance.
 * Imported only from those areas' route modules, so react-i18next stays out of the landing bundle.
 */
setI18n(i18n);
