import { efficiencyPercent, type LogicalNode, type PhysicalPanel } from '@heliograph/shared';

/** A PV inverter as the logical tree needs it: its wiring, its newest reading and its energy for the period. */
export interface TreeInverter {
  sn: string;
  micro: boolean;
  /** MPPT inputs (a micro inverter: one per panel). */
  inputs: number;
  /** Panels' peak on this inverter, W. */
  pvW: number;
  /** The newest reading, or null when the inverter is offline (its old reading is not "now"). */
  metrics: Record<string, number | null> | null;
  /** PV energy in the chosen period, kWh. */
  energyKwh: number;
}

const round = (v: number | null, digits: number): number | null =>
  v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits;

const sumOrNull = (values: (number | null)[]): number | null =>
  values.some((v) => v !== null) ? values.reduce<number>((a, v) => a + (v ?? 0), 0) : null;

function node(
  id: string,
  parentId: string | null,
  kind: LogicalNode['kind'],
  label: string,
  figures: { sn?: string; powerW: number | null; energyKwh: number | null; ratedW: number | null; estimated: boolean },
): LogicalNode {
  return {
    id,
    parentId,
    kind,
    label,
    sn: figures.sn ?? null,
    powerW: round(figures.powerW, 1),
    energyKwh: round(figures.energyKwh, 3),
    ratedW: round(figures.ratedW, 1),
    efficiency: efficiencyPercent(figures.powerW, figures.ratedW),
    estimated: figures.estimated,
  };
}

function inputPower(inv: TreeInverter, input: number): number | null {
  const v = inv.metrics?.[`mppt${input}_p`];
  return typeof v === 'number' ? v : null;
}

/**
 * The logical tree of spec §2.3, flat with parent ids: root (the plant) → inverter → string (an MPPT input)
 * → panel; a micro inverter's panels (one per input) hang straight off the inverter. Power comes from each
 * input's reading; a string's panels share its power and energy by their rated power (there is no meter per
 * panel behind a string inverter), and inputs share the inverter's energy by their peak — those figures are
 * marked `estimated`. Panels come from the physical layout (saved or default), matched by inverter and input.
 */
export function buildLogicalTree(
  plant: { id: string; name: string },
  inverters: readonly TreeInverter[],
  panels: readonly PhysicalPanel[],
): LogicalNode[] {
  const out: LogicalNode[] = [];
  const rootId = `plant:${plant.id}`;
  const rootPowers: (number | null)[] = [];
  let rootEnergy = 0;
  let rootRated = 0;

  for (const inv of inverters) {
    const inputs = Math.max(1, inv.inputs);
    const invId = `inv:${inv.sn}`;
    const inputPowers = Array.from({ length: inputs }, (_, i) => inputPower(inv, i + 1));
    const pPv = inv.metrics?.p_pv;
    const invPower = typeof pPv === 'number' ? pPv : sumOrNull(inputPowers);
    out.push(
      node(invId, rootId, 'inverter', inv.sn, {
        sn: inv.sn,
        powerW: invPower,
        energyKwh: inv.energyKwh,
        ratedW: inv.pvW || null,
        estimated: false,
      }),
    );
    rootPowers.push(invPower);
    rootEnergy += inv.energyKwh;
    rootRated += inv.pvW;

    const inputW = inv.pvW > 0 ? inv.pvW / inputs : null;
    for (let input = 1; input <= inputs; input++) {
      const power = inputPowers[input - 1] ?? null;
      const energy = inv.energyKwh / inputs;
      const wired = panels.filter((p) => p.inverterSn === inv.sn && p.input === input);
      if (inv.micro) {
        // One panel per input: its figures are the input's own (only the energy split is an estimate).
        const panel = wired[0];
        out.push(
          node(
            panel ? `panel:${panel.id}` : `${invId}:in${input}`,
            invId,
            'panel',
            panel ? String(panel.number) : `${input}`,
            {
              powerW: power,
              energyKwh: energy,
              ratedW: panel?.ratedW ?? inputW,
              estimated: true,
            },
          ),
        );
        continue;
      }
      const stringId = `${invId}:s${input}`;
      out.push(
        node(stringId, invId, 'string', `${input}`, {
          powerW: power,
          energyKwh: energy,
          ratedW: inputW,
          estimated: inputs > 1,
        }),
      );
      const ratedSum = wired.reduce((a, p) => a + p.ratedW, 0) || 1;
      for (const p of wired) {
        const share = p.ratedW / ratedSum;
        out.push(
          node(`panel:${p.id}`, stringId, 'panel', String(p.number), {
            powerW: power === null ? null : power * share,
            energyKwh: energy * share,
            ratedW: p.ratedW,
            estimated: true,
          }),
        );
      }
    }
  }
  const root = node(rootId, null, 'root', plant.name, {
    powerW: sumOrNull(rootPowers),
    energyKwh: rootEnergy,
    ratedW: rootRated || null,
    estimated: false,
  });
  return [root, ...out];
}
