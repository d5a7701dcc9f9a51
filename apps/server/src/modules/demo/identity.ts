/**
 * The maker's name and firmware the simulated devices report, so the demo's device pages show what a real
 * fleet's would (spec §3 brand and firmware) instead of two dashes.
 */
export function demoIdentity(kind: string): { brand: string; firmware: string } {
  const firmware: Record<string, string> = { inverter: 'V3.1.4', battery: 'BMS 2.0.7', meter: 'V1.8', weather: 'V1.2' };
  return { brand: 'Heliograph Sim', firmware: firmware[kind] ?? 'V1.0' };
}
