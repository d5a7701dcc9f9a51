import { GATEWAY_LOG_LINES, type GatewayLogLine } from '@heliograph/shared';
import type { LogLevel } from './logger.js';

/**
 * A gateway's own log as a real one keeps it: the newest lines in a ring of GATEWAY_LOG_LINES, read by the
 * console with the `logRead` command (logger/* in the spec). Lines are cut to what the protocol carries.
 */
export class Journal {
  private readonly lines: GatewayLogLine[] = [];

  constructor(private readonly size = GATEWAY_LOG_LINES) {}

  add(at: number, level: LogLevel, message: string): void {
    this.lines.push({ at, level, message: message.slice(0, 500) });
    if (this.lines.length > this.size) this.lines.splice(0, this.lines.length - this.size);
  }

  /** The newest `limit` lines, oldest first. */
  recent(limit: number): GatewayLogLine[] {
    return this.lines.slice(-Math.max(0, Math.min(limit, this.size)));
  }
}
