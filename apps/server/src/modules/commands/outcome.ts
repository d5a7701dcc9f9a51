/**
 * The command answer's schema lives in packages/shared (contracts/commands.ts); this name stays for the routes
 * that have not yet taken their schemas from the route table.
 */
export { commandOutcome } from '@heliograph/shared';
