export * from './languages.js';
export * from './errors.js';
export * from './permissions.js';
export * from './roles.js';
export * from './rules.js';
export * from './auth.js';
export * from './user.js';
export * from './i18n.js';
export { MESSAGES, type Messages, type FieldRule } from './messages/index.js';
