import { describe, expect, it } from 'vitest';
import { solarCoordinates, sunPosition } from './sun.js';

const MINUTE = 60_000;

/** The instants within [from, to) where the geometric elevation crosses −0.833° (sunrise/sunset), to the minute. */
function horizonCrossings(from: number, to: number, latitude: number, longitude: number): number[] {
  const crossings: number[] = [];
  let previous = sunPosition(from, latitude, longitude).geometricElevation;
  for (let t = from + MINUTE; t < to; t += MINUTE) {
    const elevation = sunPosition(t, latitude, longitude).geometricElevation;
    if (previous < -0.833 !== elevation < -0.833) crossings.push(t - MINUTE / 2);
    previous = elevation;
  }
  return crossings;
}

/** The UTC instant of the highest sun on the day, to the minute. */
function solarNoon(dayUtc: number, latitude: number, longitude: number): number {
  let best = dayUtc;
  let bestElevation = -90;
  for (let t = dayUtc; t < dayUtc + 86_400_000; t += MINUTE) {
    const { elevation } = sunPosition(t, latitude, longitude);
    if (elevation > bestElevation) [best, bestElevation] = [t, elevation];
  }
  return best;
}

describe('sun position (NOAA)', () => {
  it('matches the NREL SPA reference point (Reda & Andreas 2004, Golden CO, 2003-10-17 12:30:30 MST)', () => {
    // SPA's published result: topocentric zenith 50.11162°, azimuth 194.34024°. SPA uses the site's
    // pressure (820 mbar) for refraction where NOAA assumes sea level; the difference is under 0.005°.
    const sun = sunPosition(Date.UTC(2003, 9, 17, 19, 30, 30), 39.742476, -105.1786);
    expect(sun.zenith).toBeCloseTo(50.11162, 1);
    expect(Math.abs(sun.zenith - 50.11162)).toBeLessThan(0.02);
    expect(Math.abs(sun.azimuth - 194.34024)).toBeLessThan(0.02);
  });

  it('puts the declination at 0 at the equinox and at ±the obliquity at the solstices', () => {
    // Instants from the USNO's table of equinoxes and solstices for 2024; obliquity 23.436° + nutation.
    expect(Math.abs(solarCoordinates(Date.UTC(2024, 2, 20, 3, 6)).declination)).toBeLessThan(0.01);
    expect(Math.abs(solarCoordinates(Date.UTC(2023, 8, 23, 6, 50)).declination)).toBeLessThan(0.01);
    expect(solarCoordinates(Date.UTC(2024, 5, 20, 20, 51)).declination).toBeCloseTo(23.44, 1);
    expect(solarCoordinates(Date.UTC(2024, 11, 21, 9, 21)).declination).toBeCloseTo(-23.44, 1);
  });

  it('has the equation of time at its known extremes (about −14.2 min mid-February, +16.4 min early November)', () => {
    expect(solarCoordinates(Date.UTC(2024, 1, 11, 12)).equationOfTime).toBeCloseTo(-14.2, 0);
    expect(solarCoordinates(Date.UTC(2024, 10, 3, 12)).equationOfTime).toBeCloseTo(16.4, 0);
  });

  it.each([
    ['Berlin', 52.52, 13.405],
    ['Madrid', 40.4168, -3.7038],
    ['Ho Chi Minh City', 10.8231, 106.6297],
    ['Sydney', -33.8688, 151.2093],
    ['Cape Town', -33.9249, 18.4241],
  ])('at the March equinox, solar noon elevation in %s is 90° − |latitude|', (_city, latitude, longitude) => {
    const noon = solarNoon(Date.UTC(2024, 2, 20), latitude, longitude);
    const sun = sunPosition(noon, latitude, longitude);
    // The declination is within 0.2° of zero during that day and refraction adds a few hundredths.
    expect(Math.abs(sun.elevation - (90 - Math.abs(latitude)))).toBeLessThan(0.3);
    // The sun culminates due south north of the equator and due north south of it.
    const facing = latitude > 0 ? 180 : 0;
    expect(Math.abs(((sun.azimuth - facing + 540) % 360) - 180)).toBeLessThan(1);
  });

  it('puts solar noon where the longitude and the equation of time say', () => {
    const longitude = 13.405;
    const day = Date.UTC(2024, 1, 11);
    const noon = solarNoon(day, 52.52, longitude);
    const expected = day + (720 - 4 * longitude - solarCoordinates(day + 11 * 3_600_000).equationOfTime) * MINUTE;
    expect(Math.abs(noon - expected)).toBeLessThanOrEqual(MINUTE);
  });

  it('rises and sets in Berlin at midsummer as the almanacs give it (04:43 and 21:33 CEST)', () => {
    const [sunrise, sunset, ...more] = horizonCrossings(
      Date.UTC(2024, 5, 20, 22),
      Date.UTC(2024, 5, 21, 22),
      52.52,
      13.405,
    );
    expect(more).toEqual([]);
    expect(Math.abs((sunrise ?? 0) - Date.UTC(2024, 5, 21, 2, 43))).toBeLessThan(2 * MINUTE);
    expect(Math.abs((sunset ?? 0) - Date.UTC(2024, 5, 21, 19, 33))).toBeLessThan(2 * MINUTE);
  });

  it('gives the equator a day of about 12 h 7 min at the equinox and the arctic no sunset at midsummer', () => {
    const [sunrise, sunset] = horizonCrossings(Date.UTC(2024, 2, 20), Date.UTC(2024, 2, 21), 0, 0);
    expect(((sunset ?? 0) - (sunrise ?? 0)) / MINUTE).toBeGreaterThan(12 * 60 + 4);
    expect(((sunset ?? 0) - (sunrise ?? 0)) / MINUTE).toBeLessThan(12 * 60 + 10);
    expect(horizonCrossings(Date.UTC(2024, 5, 21), Date.UTC(2024, 5, 22), 78.22, 15.65)).toEqual([]);
    expect(sunPosition(Date.UTC(2024, 5, 21, 23), 78.22, 15.65).elevation).toBeGreaterThan(0);
  });

  it('keeps azimuth in [0, 360) and the sun east in the morning, west in the afternoon', () => {
    const morning = sunPosition(Date.UTC(2024, 5, 21, 6), 52.52, 13.405);
    const afternoon = sunPosition(Date.UTC(2024, 5, 21, 16), 52.52, 13.405);
    expect(morning.azimuth).toBeGreaterThan(45);
    expect(morning.azimuth).toBeLessThan(135);
    expect(afternoon.azimuth).toBeGreaterThan(225);
    expect(afternoon.azimuth).toBeLessThan(315);
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2024, 0, 2); t += 17 * MINUTE) {
      const { azimuth } = sunPosition(t, -33.87, 151.21);
      expect(azimuth).toBeGreaterThanOrEqual(0);
      expect(azimuth).toBeLessThan(360);
    }
  });
});
