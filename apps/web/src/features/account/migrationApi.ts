import { call } from '../../api/call';

export const MIGRATION_KEY = ['user', 'migrate', 'status'] as const;

export const fetchMigrationStatus = () => call('GET /user/migrate/status', {}, { silent: true });
