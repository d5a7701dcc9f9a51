import { defineFleet, PlantModel, simulatePlant, STEP_MS, type PlantDef } from '@heliograph/simulator';
import type { PlanInput, PlanSlotInput } from '../apps/server/src/modules/smart/optimiser/model.js';
import { optimise } from '../apps/server/src/modules/smart/optimiser/optimise.js';
import { selfConsumption } from '../apps/server/src/modules/smart/optimiser/self-consumption.js';
import { simulatedPrices } from '../apps/server/src/modules/smart/prices/simulated.js';
import { toSchedule } from '../apps/server/src/modules/smart/planner/planner.js';

const FLEET = Number(process.env.BENCH_OPTIMISE_FLEET ?? 60);
const DAYS = Number(process.env.BENCH_OPTIMISE_DAYS ?? 30);
const PLANS = Number(process.env.BENCH_OPTIMISE_PLANS ?? 1000);
/** A fixed month (spring: sunny middays, some of them priced below zero), never the wall clock. */
const FIRST_DAY = process.env.BENCH_OPTIMISE_FROM ?? '2026-04-01';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const MARKET_SEED = 7;

/** The battery of a storage plant as the optimiser reads it; undefined for a plant without one. */
function batteryOf(plant: PlantDef): PlanInput['battery'] | undefined {
  const batteries = plant.gateways.flatMap((g) => g.devices).filter((d) => d.kind === 'battery');
  const capacityKwh = batteries.reduce((s, b) => s + (b.capacityKwh ?? 0), 0);
  const powerKw = batteries.reduce((s, b) => s + (b.ratedW ?? 0), 0) / 1000;
  if (!(capacityKwh > 0) || !(powerKw > 0)) return undefined;
  return {
    capacityKwh,
    maxChargeKw: powerKw,
    maxDischargeKw: powerKw,
    socMin: 0.1,
    socMax: 1,
    socNow: 0.5,
    chargeEfficiency: 0.95,
    dischargeEfficiency: 0.95,
  };
}

/**
 * The plant's hourly PV and consumption over the days, from the simulator's own physics (sun, weather, load
 * profile): what a perfect forecast would have said. The battery the model runs itself is not used.
 */
function hourly(plant: PlantDef, fromMs: number, days: number): { pv: number[]; load: number[] } {
  const hours = days * 24;
  const pv = Array.from({ length: hours }, () => 0);
  const load = Array.from({ length: hours }, () => 0);
  for (const step of simulatePlant(plant, fromMs, fromMs + hours * HOUR_MS, STEP_MS)) {
    if (step.ts === fromMs) continue;
    const h = Math.floor((step.ts - 1 - fromMs) / HOUR_MS);
    if (h < 0 || h >= hours) continue;
    pv[h] = (pv[h] ?? 0) + step.balance.pv;
    load[h] = (load[h] ?? 0) + step.balance.load;
  }
  return { pv, load };
}

/** The day's slots: the simulated market's hourly prices (UTC days here, so every day has 24 hours). */
function daySlots(plant: PlantDef, dayIndex: number, energy: { pv: number[]; load: number[] }): PlanSlotInput[] {
  const start = Date.parse(`${FIRST_DAY}T00:00:00Z`) + dayIndex * DAY_MS;
  const day = new Date(start).toISOString().slice(0, 10);
  const prices = simulatedPrices(day, 'UTC', plant.currency, MARKET_SEED, 60);
  return Array.from({ length: 24 }, (_, h) => {
    const price = prices[h];
    return {
      start: start + h * HOUR_MS,
      minutes: 60,
      buy: price?.buy ?? 0,
      sell: price?.sell ?? null,
      pvKwh: energy.pv[dayIndex * 24 + h] ?? 0,
      loadKwh: energy.load[dayIndex * 24 + h] ?? 0,
    };
  });
}

/**
 * The month run in the simulator itself: its hybrid inverter either left on self-use or, each midnight, given
 * the optimiser's plan for the day as the battery schedule the console sends (batterySchedule), which it then
 * follows on its own physics (its real battery limits, conversion losses, weather). The cost is what its grid
 * meter saw, priced by the same market. Planning uses the perfect forecast, as above.
 */
async function simulatedMonth(
  plant: PlantDef,
  battery: PlanInput['battery'],
  energy: { pv: number[]; load: number[] },
  planned: boolean,
): Promise<number> {
  const fromMs = Date.parse(`${FIRST_DAY}T00:00:00Z`);
  const model = new PlantModel(plant, fromMs);
  let cost = 0;
  for (let d = 0; d < DAYS; d++) {
    const slots = daySlots(plant, d, energy);
    const held = model.battery?.battery;
    if (planned && held) {
      const input: PlanInput = {
        slots,
        // What the simulated pack really holds: its usable capacity and the BMS's 10–95 % window.
        battery: { ...battery, capacityKwh: held.usableKwh, socMin: 0.1, socMax: 0.95, socNow: held.soc },
        grid: { exportLimitKw: null },
      };
      model.setSchedule(toSchedule(input, await optimise(input)));
    }
    for (const slot of slots) {
      const balance = model.advanceTo(slot.start + HOUR_MS);
      cost += balance.purchase * slot.buy - balance.feedIn * (slot.sell ?? 0);
    }
  }
  return cost;
}

/**
 * `npm run bench -- optimise` (issue 17 point 4): the simulated fleet's storage plants over 30 days of the
 * simulated day-ahead market, once run as plain self-consumption and once planned a day at a time by the
 * optimiser (with a perfect forecast: the simulator's own PV and load), each day starting from the state of
 * charge the day before left. Prints each way's cost, the saving, and how long planning 1,000 plants takes.
 * Costs are in each plant's currency and summed per currency.
 */
export async function benchOptimise(): Promise<void> {
  const fromMs = Date.parse(`${FIRST_DAY}T00:00:00Z`);
  const plants = defineFleet({ count: FLEET, seed: 1 }).filter((p) => batteryOf(p) !== undefined);
  const lines = [
    `optimise: ${plants.length} storage plants of a ${FLEET}-plant fleet, ${DAYS} days from ${FIRST_DAY}, simulated market`,
  ];
  const byCurrency = new Map<string, { plain: number; planned: number }>();
  let solves = 0;
  let fallbacks = 0;
  let solveMs = 0;
  for (const plant of plants) {
    const battery = batteryOf(plant);
    if (!battery) continue;
    const energy = hourly(plant, fromMs, DAYS);
    let socPlain = battery.socNow;
    let socPlanned = battery.socNow;
    const sum = byCurrency.get(plant.currency) ?? { plain: 0, planned: 0 };
    for (let d = 0; d < DAYS; d++) {
      const slots = daySlots(plant, d, energy);
      const grid = { exportLimitKw: null };
      const plain = selfConsumption({ slots, battery: { ...battery, socNow: socPlain }, grid });
      const t0 = performance.now();
      const planned = await optimise({ slots, battery: { ...battery, socNow: socPlanned }, grid });
      solveMs += performance.now() - t0;
      solves += 1;
      if (planned.mode !== 'optimised') fallbacks += 1;
      sum.plain += plain.cost;
      sum.planned += planned.cost;
      socPlain = plain.slots.at(-1)?.socEnd ?? socPlain;
      socPlanned = planned.slots.at(-1)?.socEnd ?? socPlanned;
    }
    byCurrency.set(plant.currency, sum);
  }
  // Net cost: what was paid for imports less what exports earned (negative: the plant earned more than it paid).
  for (const [currency, s] of byCurrency) {
    lines.push(
      `  ${currency}: net cost on self-consumption ${s.plain.toFixed(2)}, optimised ${s.planned.toFixed(2)}: ${(s.plain - s.planned).toFixed(2)} saved`,
    );
  }
  lines.push(
    `  ${solves} day plans: ${fallbacks} fell back to self-consumption; ${(solveMs / Math.max(1, solves)).toFixed(1)} ms a plan on average`,
  );

  // The same month in the simulator: the inverters obey the schedules (issue 17 point 3).
  const simulated = new Map<string, { plain: number; planned: number }>();
  for (const plant of plants) {
    const battery = batteryOf(plant);
    if (!battery) continue;
    const energy = hourly(plant, fromMs, DAYS);
    const sum = simulated.get(plant.currency) ?? { plain: 0, planned: 0 };
    sum.plain += await simulatedMonth(plant, battery, energy, false);
    sum.planned += await simulatedMonth(plant, battery, energy, true);
    simulated.set(plant.currency, sum);
  }
  lines.push('  in the simulator, its hybrid inverters following the schedules sent to them (batterySchedule):');
  for (const [currency, s] of simulated) {
    lines.push(
      `  ${currency}: net cost on self-use ${s.plain.toFixed(2)}, with automation ${s.planned.toFixed(2)}: ${(s.plain - s.planned).toFixed(2)} saved`,
    );
  }

  // Planning a fleet: 1,000 plans of the next 24 hours in quarter hours, one after the other, as the re-plan of
  // every plant with automation on would run on one instance.
  const plant = plants[0];
  const battery = plant ? batteryOf(plant) : undefined;
  if (plant && battery) {
    const energy = hourly(plant, fromMs, 1);
    const quarter = daySlots(plant, 0, energy).flatMap((s) =>
      [0, 1, 2, 3].map((q) => ({
        ...s,
        start: s.start + q * 15 * 60_000,
        minutes: 15,
        pvKwh: s.pvKwh / 4,
        loadKwh: s.loadKwh / 4,
      })),
    );
    const t1 = performance.now();
    for (let i = 0; i < PLANS; i++) {
      // Each plan a little different, as plants are, so nothing is answered from a cache.
      const slots = quarter.map((s, k) => ({ ...s, buy: s.buy + ((i * 7 + k) % 13) * 1e-4 }));
      await optimise({ slots, battery: { ...battery, socNow: 0.2 + (i % 7) / 10 }, grid: { exportLimitKw: null } });
    }
    const took = performance.now() - t1;
    lines.push(
      `  planning ${PLANS} plants (96 quarter-hour slots each): ${(took / 1000).toFixed(1)} s, ${(took / PLANS).toFixed(1)} ms a plant`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}
