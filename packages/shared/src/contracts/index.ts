import { eventContracts } from './events.js';
// Gateways, AC switches, lora and commands:
import { acSwitchContracts } from './ac-switches.js';
import { commandContracts } from './commands.js';
import { gatewayContracts } from './gateways.js';
import { loraContracts } from './lora.js';

export * from './route.js';
export * from './paging.js';
export * from './events.js';
// Gateways, AC switches, lora and commands:
export * from './ac-switches.js';
export * from './commands.js';
export * from './gateways.js';
export * from './lora.js';

/**
 * The route table of /api/v1: every call's contract under its `METHOD /path` key. The server's routes take
 * their schemas from here (a route whose answer is not the table's fails at start-up), and the web's calls are
 * typed from it, so a changed answer breaks the build on both sides. Add a feature's table here.
 */
export const API = {
  ...eventContracts,
  // Gateways, AC switches, lora and commands:
  ...acSwitchContracts,
  ...commandContracts,
  ...gatewayContracts,
  ...loraContracts,
};

export type ApiRoute = keyof typeof API;
