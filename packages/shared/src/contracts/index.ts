import { eventContracts } from './events.js';

export * from './route.js';
export * from './paging.js';
export * from './events.js';

/**
 * The route table of /api/v1: every call's contract under its `METHOD /path` key. The server's routes take
 * their schemas from here (a route whose answer is not the table's fails at start-up), and the web's calls are
 * typed from it, so a changed answer breaks the build on both sides. Add a feature's table here.
 */
export const API = {
  ...eventContracts,
};

export type ApiRoute = keyof typeof API;
