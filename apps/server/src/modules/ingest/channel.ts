import type { BatchAck } from '@heliograph/shared';
import type { GatewayInfo, PlantInfo } from '../telemetry/registry.js';
import type { IncomingSample, WriterTx } from '../telemetry/writer.js';

/**
 * How the ingest dispatcher and the modules that own a gateway channel talk (mqtt/topics.ts names the
 * channels and their owners). A channel validates its own messages; the dispatcher supplies the reliability
 * around it: waiting out an unavailable database, dead letters, and acknowledging only after commit.
 */

/** A gateway bound to a plant: only such a gateway's readings and events are stored. */
export type BoundGateway = GatewayInfo & { plant: PlantInfo };

/** What the dispatcher lends a channel while it looks at one message of one gateway. */
export interface ChannelKit {
  /** The gateway again, fresh from the database (a device bound since the cache was filled). */
  reload(): Promise<GatewayInfo | undefined>;
  /** Keeps what cannot be stored, under this message's topic; waits while the database is unavailable. */
  deadLetter(reason: string, payload: string): Promise<void>;
  /** Answers the gateway on down/ack (sent in the background; the dispatcher's drain waits for it). */
  ack(ack: BatchAck): void;
  /** A payload its schema refuses: kept as a dead letter, then answered "rejected" if it names an id. */
  reject(reason: string, json: unknown): Promise<void>;
}

/** A message taken for the next commit: its share of the writer's transaction, answered once committed. */
export interface Accepted {
  /** The gateway, as last loaded (its serial number keeps its messages in one lane, in order). */
  gw: GatewayInfo;
  /** The id the acknowledgement names. */
  id: string;
  /** Readings for the telemetry writer (none for an event). */
  samples: IncomingSample[];
  /** What it writes besides readings, in the same transaction; answers the plant whose figures changed. */
  write?: (tx: WriterTx) => Promise<string | null>;
  /** Said in the committed acknowledgement (readings of other gateways' devices that were left out). */
  note?: string;
  /** What its dead letter keeps if the database refuses it, and the topic it is filed under. */
  kept: unknown;
  label: string;
}

/** A channel whose messages commit in the writer's transaction (telemetry, events); undefined: answered already. */
export type QueuedChannel = (gw: BoundGateway, json: unknown, kit: ChannelKit) => Promise<Accepted | undefined>;

/** A channel handled as it arrives (status, command results). */
export type DirectChannel = (sn: string, json: unknown) => Promise<void>;
