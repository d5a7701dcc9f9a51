import type { MessageBus } from '../modules/mqtt/bus.js';

/** A bus with no broker behind it, for tests that hand messages to ingest themselves; `publish` may record. */
export function quietBus(publish: MessageBus['publish'] = async () => undefined): MessageBus {
  return {
    publish,
    onGatewayMessage: () => undefined,
    subscribeAll: async () => undefined,
    onPresence: () => undefined,
    throttle: () => undefined,
    disconnect: () => undefined,
    close: async () => undefined,
    port: undefined,
  };
}
