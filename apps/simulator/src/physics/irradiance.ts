/**
 * Sunlight on the ground and on a tilted panel: Haurwitz's clear-sky model for global horizontal
 * irradiance, cloud attenuation after Kasten & Czeplak, the Erbs correlation to split global into beam and
 * diffuse, and an isotropic-sky transposition onto the plane of the array. Simple, published models:
 * enough to give plausible, smooth daily curves that scale correctly with season and latitude.
 */

const RAD = Math.PI / 180;
/** Solar constant, W/m². */
const SOLAR_CONSTANT = 1367;

export interface HorizontalIrradiance {
  /** Global horizontal irradiance, W/m². */
  ghi: number;
  /** Direct normal irradiance, W/m². */
  dni: number;
  /** Diffuse horizontal irradiance, W/m². */
  dhi: number;
}

const DARK: HorizontalIrradiance = { ghi: 0, dni: 0, dhi: 0 };

/** Extraterrestrial irradiance on a plane normal to the sun, W/m² (the orbit's 3 % swing). */
export function extraterrestrial(dayOfYear: number): number {
  return SOLAR_CONSTANT * (1 + 0.033 * Math.cos((2 * Math.PI * dayOfYear) / 365));
}

/** Haurwitz (1945): clear-sky GHI = 1098 · cos z · e^(−0.057 / cos z), W/m²; 0 with the sun down. */
export function haurwitzGhi(zenithDeg: number): number {
  const cosZ = Math.cos(zenithDeg * RAD);
  return cosZ <= 0 ? 0 : 1098 * cosZ * Math.exp(-0.057 / cosZ);
}

/** Kasten & Czeplak (1980): GHI under a cloud cover fraction c (0 clear … 1 overcast) is 1 − 0.75 c^3.4 of clear. */
export function cloudFactor(cloudCover: number): number {
  return 1 - 0.75 * Math.max(0, Math.min(1, cloudCover)) ** 3.4;
}

/** Erbs, Klein & Duffie (1982): the diffuse fraction of GHI from the clearness index kt. */
export function erbsDiffuseFraction(kt: number): number {
  if (kt <= 0.22) return 1 - 0.09 * kt;
  if (kt <= 0.8) return 0.9511 - 0.1604 * kt + 4.388 * kt ** 2 - 16.638 * kt ** 3 + 12.336 * kt ** 4;
  return 0.165;
}

/** GHI under the given cloud cover, split into beam (DNI) and diffuse (DHI) with Erbs. */
export function horizontalIrradiance(zenithDeg: number, dayOfYear: number, cloudCover: number): HorizontalIrradiance {
  const cosZ = Math.cos(zenithDeg * RAD);
  // Below ~1° of elevation the split's kt is meaningless (cos z → 0); the light there is all diffuse.
  const ghi = haurwitzGhi(zenithDeg) * cloudFactor(cloudCover);
  if (ghi <= 0) return DARK;
  if (cosZ < 0.02) return { ghi, dni: 0, dhi: ghi };
  const kt = Math.min(1, ghi / (extraterrestrial(dayOfYear) * cosZ));
  const dhi = ghi * erbsDiffuseFraction(kt);
  return { ghi, dni: (ghi - dhi) / cosZ, dhi };
}

export interface PlaneOfArray {
  /** Total irradiance on the panel, W/m². */
  poa: number;
  beam: number;
  sky: number;
  ground: number;
  /** Angle of incidence of the beam on the panel, degrees. */
  aoi: number;
}

/**
 * Irradiance on a panel tilted `tiltDeg` from horizontal and facing `azimuthDeg` (clockwise from north):
 * beam × cos(AOI) + isotropic sky diffuse × (1 + cos β)/2 + ground-reflected GHI × albedo × (1 − cos β)/2.
 */
export function planeOfArray(
  irradiance: HorizontalIrradiance,
  sun: { zenith: number; azimuth: number },
  tiltDeg: number,
  azimuthDeg: number,
  albedo = 0.2,
): PlaneOfArray {
  const z = sun.zenith * RAD;
  const beta = tiltDeg * RAD;
  const cosAoi =
    Math.cos(z) * Math.cos(beta) + Math.sin(z) * Math.sin(beta) * Math.cos((sun.azimuth - azimuthDeg) * RAD);
  const beam = irradiance.dni * Math.max(0, cosAoi);
  const sky = (irradiance.dhi * (1 + Math.cos(beta))) / 2;
  const ground = (irradiance.ghi * albedo * (1 - Math.cos(beta))) / 2;
  const aoi = Math.acos(Math.max(-1, Math.min(1, cosAoi))) / RAD;
  return { poa: beam + sky + ground, beam, sky, ground, aoi };
}
