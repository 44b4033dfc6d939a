/**
 * Every schema of the API contract by name. A route names its answer's schema (`response`) from
 * here: handlers see only the type, so no bundle carries an answer's schema; the OpenAPI generator
 * and the tests look the schema up by that name.
 */
export * from '../geo';
export * from '../working-hours';
export * from './admin';
export * from './admin-users';
export * from './applications';
export * from './audit';
export * from './auth';
export * from './blacklist';
export * from './chain';
export * from './deal';
export * from './export';
export * from './exports';
export * from './guest';
export * from './hours';
export * from './ledger';
export * from './limits';
export * from './live';
export * from './market';
export * from './messages';
export * from './mfa';
export * from './misc';
export * from './notifications';
export * from './partners';
export * from './payment-templates';
export * from './rates';
export * from './reports';
export * from './reserves';
export * from './security';
export * from './shifts';
export * from './site-content';
export * from './staff-invitations';
export * from './system';
export * from './telegram';
export * from './transactions';
export * from './users';
export * from './verification';
