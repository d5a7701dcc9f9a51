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

/**
 * The simulated fleet's device models, as a catalogue both sides read: the simulator names its devices from
 * it and the server seeds a firmware image for every model in it (issue 13), so every device of the demo
 * fleet, whatever its size, can be upgraded. Firmware is made for a model exactly (firmware/installable.ts),
 * as a vendor's is, so the catalogue is finite: sizes come from these lists.
 */
export const SIM_GATEWAY_MODEL = 'SIM-GW-4G';
/** AC ratings string and hybrid inverters come in, kW. */
export const SIM_STRING_SIZES_KW = [3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 36, 40, 50, 60, 100, 110, 125] as const;
export const SIM_HYBRID_SIZES_KW = [5, 6, 8, 10, 12, 15, 20, 30, 50] as const;
/** Panels on one micro-inverter. */
export const SIM_MICRO_PANELS = [2, 4] as const;
/** A home battery module, kWh (16 LFP cells of 100 Ah); a home battery stacks one to four. */
export const SIM_BATTERY_MODULE_KWH = 5.12;
export const SIM_BATTERY_MODULES = [1, 2, 3, 4] as const;

export const simStringModel = (kw: number, phases: 1 | 3) => `SIM-STR-${kw}K-${phases}P`;
export const simHybridModel = (kw: number, phases: 1 | 3) => `SIM-HYB-${kw}K-${phases}P`;
export const simMicroModel = (panels: number) => `SIM-MI-${panels * 400}`;
/**
 * A home battery is named by its capacity (modules × 5.12 kWh, one decimal); a larger one is a high-voltage
 * rack system whose battery management, and so its firmware, is the same whatever the number of racks.
 */
export const simBatteryModel = (kwh: number) =>
  kwh <= SIM_BATTERY_MODULE_KWH * SIM_BATTERY_MODULES.length + 0.01
    ? `SIM-BAT-${Math.round(kwh * 10) / 10}`
    : 'SIM-BAT-HV';
export const simMeterModel = (phases: 1 | 3) => `SIM-MTR-${phases}P`;

/** Every model the simulated fleet can have, by the firmware kind that upgrades it. */
export function simModels(): { gateway: string[]; inverter: string[]; battery: string[]; meter: string[] } {
  const phases = [1, 3] as const;
  return {
    gateway: [SIM_GATEWAY_MODEL],
    inverter: [
      ...SIM_STRING_SIZES_KW.flatMap((kw) => phases.map((p) => simStringModel(kw, p))),
      ...SIM_HYBRID_SIZES_KW.flatMap((kw) => phases.map((p) => simHybridModel(kw, p))),
      ...SIM_MICRO_PANELS.map(simMicroModel),
    ],
    battery: [...SIM_BATTERY_MODULES.map((n) => simBatteryModel(n * SIM_BATTERY_MODULE_KWH)), 'SIM-BAT-HV'],
    meter: phases.map(simMeterModel),
  };
}
