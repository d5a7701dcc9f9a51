/** Device kinds that have their own detail page, by the route of spec §2.2 (a plain lora node has none). */
const DEVICE_PAGES: Readonly<Record<string, string>> = {
  inverter: '/device/inverter',
  battery: '/device/battery',
  meter: '/device/meter',
  switch: '/device/acSwitch',
  weather: '/device/meteorological',
};

/** A device's own page, or null when its kind has none. */
export function devicePagePath(kind: string, sn: string): string | null {
  const base = DEVICE_PAGES[kind];
  return base ? `${base}/${encodeURIComponent(sn)}` : null;
}
