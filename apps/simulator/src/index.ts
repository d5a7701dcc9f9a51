/**
 * @heliograph/simulator: a virtual fleet of solar plants whose gateways speak Heliograph's MQTT protocol,
 * with SunSpec devices on Modbus TCP, history backfill, and physics plausible enough for the console's
 * charts and energy balances.
 */
export { defineFleet, type FleetOptions } from './fleet/define.js';
export { SIM_GATEWAY_MODEL } from './gateway/identity.js';
export type { UpgradeTuning } from './gateway/upgrade-runner.js';
export { startFleet, type FleetHandle, type FleetStats, type StartFleetOptions } from './fleet/run.js';
export {
  simulatePlant,
  PlantModel,
  plantReadings,
  INVERTER_STATE,
  STEP_MS,
  type PlantStep,
  type DeviceReading,
  type EnergyBalance,
} from './fleet/model.js';
export {
  FAULTS,
  type Fault,
  type PlantDef,
  type GatewayDef,
  type DeviceDef,
  type DeviceProtocol,
} from './fleet/types.js';
export { sunPosition, type SunPosition } from './physics/sun.js';
export type { Logger, LogLevel } from './gateway/logger.js';
// Seeded randomness, for whatever else simulates (the server's simulated price market).
export { hash32, Rng } from './random.js';
