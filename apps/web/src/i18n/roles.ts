import { isBuiltinRole, roleName } from '@heliograph/shared';
import { currentLang } from './index';

/**
 * A role's name in the console's language, from the shared catalogue the server uses too. Kept apart from
 * ./index so the shared message tables load with the pages that show a role, not at start-up.
 */
export function displayRole(role: string): string {
  return isBuiltinRole(role) ? roleName(role, currentLang()) : role;
}
