/** What the shell uses of the personal settings: the avatar image and the migration notice. */
export { useAvatarUrl } from './useAvatarUrl';
export { MigrationNotice } from './MigrationNotice';
