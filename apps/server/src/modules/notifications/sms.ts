import type { FastifyBaseLogger } from 'fastify';

/**
 * The SMS channel: a deployment plugs in its provider (Twilio, Vonage, Alibaba Cloud SMS, a GSM modem …) by
 * passing its own implementation to buildApp (`sms`). A throw is a failed attempt: the delivery is tried again
 * with backoff and logged failed after NOTIFICATION_LIMITS.webhookAttempts.
 */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

/** The default: writes each text message to the server's log, so an operator sees what would have gone out. */
export function loggingSms(log: FastifyBaseLogger): SmsSender {
  return {
    send(to, text) {
      log.info({ to, text }, 'sms (no provider configured)');
      return Promise.resolve();
    },
  };
}
