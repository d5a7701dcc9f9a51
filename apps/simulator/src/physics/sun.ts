/**
 * Where the sun is: NOAA's solar position algorithm, as in the NOAA Global Monitoring Laboratory's solar
 * calculator and its spreadsheets (https://gml.noaa.gov/grad/solcalc/), which follow Jean Meeus,
 * "Astronomical Algorithms" (1991). NOAA gives it as accurate to about 0.01° for years 1800–2100 at
 * latitudes within ±72°, well inside the 0.1° a PV simulation needs.
 */

const RAD = Math.PI / 180;
const DEG = 180 / Math.PI;
const MS_PER_DAY = 86_400_000;
/** Julian day of the Unix epoch. */
const JD_UNIX_EPOCH = 2_440_587.5;
/** Julian day of J2000.0. */
const JD_J2000 = 2_451_545;

export interface SunPosition {
  /** Degrees above the horizon, corrected for atmospheric refraction as NOAA's calculator shows it. */
  elevation: number;
  /** 90° − elevation: the angle from straight up, refraction included. */
  zenith: number;
  /** Elevation without refraction: what sunrise and sunset are defined on (−0.833° at the horizon). */
  geometricElevation: number;
  /** Degrees clockwise from true north (90 east, 180 south, 270 west). */
  azimuth: number;
  /** Solar declination, degrees. */
  declination: number;
  /** Equation of time, minutes: apparent minus mean solar time. */
  equationOfTime: number;
}

/** The sun seen from latitude/longitude (degrees, north and east positive) at a UTC instant (Unix ms). */
export function sunPosition(utcMs: number, latitude: number, longitude: number): SunPosition {
  const { declination, equationOfTime } = solarCoordinates(utcMs);

  const minutesOfDay = (((utcMs % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY) / 60_000;
  const trueSolarTime = (((minutesOfDay + equationOfTime + 4 * longitude) % 1440) + 1440) % 1440;
  const hourAngle = trueSolarTime / 4 < 0 ? trueSolarTime / 4 + 180 : trueSolarTime / 4 - 180;

  const lat = latitude * RAD;
  const decl = declination * RAD;
  const cosZenith = clamp(
    Math.sin(lat) * Math.sin(decl) + Math.cos(lat) * Math.cos(decl) * Math.cos(hourAngle * RAD),
    -1,
    1,
  );
  const geometricZenith = Math.acos(cosZenith) * DEG;

  let azimuth: number;
  const denominator = Math.cos(lat) * Math.sin(geometricZenith * RAD);
  if (Math.abs(denominator) < 1e-9) {
    // At a pole or with the sun straight overhead azimuth is undefined; NOAA reports 180 there.
    azimuth = 180;
  } else {
    const cosAzimuth = clamp((Math.sin(lat) * cosZenith - Math.sin(decl)) / denominator, -1, 1);
    const angle = Math.acos(cosAzimuth) * DEG;
    azimuth = hourAngle > 0 ? (angle + 180) % 360 : (540 - angle) % 360;
  }

  const geometricElevation = 90 - geometricZenith;
  const elevation = geometricElevation + refraction(geometricElevation);
  return { elevation, zenith: 90 - elevation, geometricElevation, azimuth, declination, equationOfTime };
}

/** Declination and equation of time, which depend on the instant only (NOAA spreadsheet columns G–V). */
export function solarCoordinates(utcMs: number): { declination: number; equationOfTime: number } {
  const julianDay = utcMs / MS_PER_DAY + JD_UNIX_EPOCH;
  const t = (julianDay - JD_J2000) / 36_525;

  const meanLongitude = (((280.46646 + t * (36_000.76983 + t * 0.0003032)) % 360) + 360) % 360;
  const meanAnomaly = 357.52911 + t * (35_999.05029 - 0.0001537 * t);
  const eccentricity = 0.016708634 - t * (0.000042037 + 0.0000001267 * t);
  const m = meanAnomaly * RAD;
  const equationOfCentre =
    Math.sin(m) * (1.914602 - t * (0.004817 + 0.000014 * t)) +
    Math.sin(2 * m) * (0.019993 - 0.000101 * t) +
    Math.sin(3 * m) * 0.000289;
  const trueLongitude = meanLongitude + equationOfCentre;
  const omega = (125.04 - 1934.136 * t) * RAD;
  const apparentLongitude = trueLongitude - 0.00569 - 0.00478 * Math.sin(omega);
  const meanObliquity = 23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60;
  const obliquity = (meanObliquity + 0.00256 * Math.cos(omega)) * RAD;

  const declination = Math.asin(Math.sin(obliquity) * Math.sin(apparentLongitude * RAD)) * DEG;

  const y = Math.tan(obliquity / 2) ** 2;
  const l0 = meanLongitude * RAD;
  const equationOfTime =
    4 *
    DEG *
    (y * Math.sin(2 * l0) -
      2 * eccentricity * Math.sin(m) +
      4 * eccentricity * y * Math.sin(m) * Math.cos(2 * l0) -
      0.5 * y * y * Math.sin(4 * l0) -
      1.25 * eccentricity * eccentricity * Math.sin(2 * m));

  return { declination, equationOfTime };
}

/** NOAA's approximate atmospheric refraction (degrees) for a geometric elevation (degrees). */
function refraction(elevation: number): number {
  if (elevation > 85) return 0;
  const te = Math.tan(elevation * RAD);
  let arcSeconds: number;
  if (elevation > 5) arcSeconds = 58.1 / te - 0.07 / te ** 3 + 0.000086 / te ** 5;
  else if (elevation > -0.575)
    arcSeconds = 1735 + elevation * (-518.2 + elevation * (103.4 + elevation * (-12.79 + elevation * 0.711)));
  else arcSeconds = -20.772 / te;
  return arcSeconds / 3600;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
