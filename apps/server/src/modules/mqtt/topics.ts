import { PROTOCOL_ROOT, gatewayTopics, parseGatewayTopic } from '@heliograph/shared';

/**
 * Every MQTT topic the server uses, in one place. The gateway protocol's topic names themselves are defined
 * by `gatewayTopics` in packages/shared (the simulator and the gateways use them too); this table says
 * which of them the server receives and which module owns each.
 */

/**
 * What gateways send, by the name `gatewayTopics` gives it, with the module that handles it (the ingest
 * dispatcher hands each message over):
 * - telemetry (`up/telemetry`): readings, committed by the telemetry writer and acknowledged on down/ack;
 * - event (`up/event`): alarms raised and cleared, written by the events module in the same transaction;
 * - commandResult (`up/ack`): answers to commands, matched by the commands module;
 * - status (`status`, retained, the last will says offline): online state, firmware, signal and upload
 *   interval, recorded by the gateways module.
 */
export const UPLINK_CHANNELS = {
  telemetry: 'telemetry',
  event: 'events',
  commandResult: 'commands',
  status: 'gateways',
} as const satisfies Partial<Record<keyof ReturnType<typeof gatewayTopics>, string>>;
export type UplinkChannel = keyof typeof UPLINK_CHANNELS;

const UPLINK = Object.keys(UPLINK_CHANNELS) as UplinkChannel[];

/**
 * Which uplink channel a topic is: `channel` undefined for a gateway topic no module owns (kept as a dead
 * letter), undefined altogether for a topic outside the protocol.
 */
export function uplinkOf(topic: string): { sn: string; channel: UplinkChannel | undefined; name: string } | undefined {
  const parsed = parseGatewayTopic(topic);
  if (!parsed) return undefined;
  const topics = gatewayTopics(parsed.sn);
  return { sn: parsed.sn, channel: UPLINK.find((c) => topics[c] === topic), name: parsed.channel };
}

/** What the bus consumes from gateways (through a shared subscription on an external broker). */
export const GATEWAY_FILTERS = [`${PROTOCOL_ROOT}/+/up/#`, `${PROTOCOL_ROOT}/+/status`];
/** The part of it that waits for room in ingest (backpressure): everything but status. */
export const UPLINK_FILTER = `${PROTOCOL_ROOT}/+/up/#`;

/**
 * Between the server's own instances (every instance hears them): a plant's figures changed (the live
 * updates of browsers on any instance), a command's final answer arrived (for the instance waiting), and a
 * session ended or a user changed (every instance forgets the callers it remembers, modules/users/caller-cache).
 * Gateways can neither publish nor subscribe under hg/internal: their ACL (GatewayAuth) allows only their own
 * hg/v1/<sn>/ topics, and the embedded broker fans out only what the server itself publishes.
 */
export const LIVE_TOPIC_PREFIX = 'hg/internal/live/';
export const COMMAND_TOPIC_PREFIX = 'hg/internal/cmd/';
/** A user's notice centre got messages (`<prefix><userId>`): the shell's badge updates without waiting for its poll. */
export const MESSAGE_TOPIC_PREFIX = 'hg/internal/messages/';
export const CALLER_TOPIC = 'hg/internal/callers';
/** An instance's console is in use (payload: its id): the others shrink their share of ingest transactions. */
export const BUSY_TOPIC = 'hg/internal/busy';
