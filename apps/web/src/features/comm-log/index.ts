/** What the communication log offers other features: the address of a gateway's log. */
export { commLogPath } from './api';
