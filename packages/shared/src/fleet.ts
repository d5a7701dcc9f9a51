/**
 * Most plants one simulated demo fleet can have: enough for the scale benchmark's 10,000-plant fleet. A
 * serial number carries the plant's index in at least three digits and the device's in exactly three, so
 * numbers stay unique past plant 999 (the index simply grows a digit). The server checks FLEET_SIZE against
 * it before it starts anything (without loading the simulator); the simulator's defineFleet refuses more.
 */
export const MAX_FLEET_SIZE = 10_000;

/**
 * The maker's name and firmware the simulated devices report, so the demo's device pages show what a real
 * fleet's would (spec §3 brand and firmware) instead of two dashes. The server seeds them and the simulated
 * devices start from them (an upgrade then changes a device's version, issue 13). Gateways report their own.
 */
export const SIM_BRAND = 'Heliograph Sim';
export const SIM_GATEWAY_FIRMWARE = 'v2.4.1';
export function demoIdentity(kind: string): { brand: string; firmware: string } {
  const firmware: Record<string, string> = { inverter: 'V3.1.4', battery: 'BMS 2.0.7', meter: 'V1.8', weather: 'V1.2' };
  return { brand: SIM_BRAND, firmware: firmware[kind] ?? 'V1.0' };
}
