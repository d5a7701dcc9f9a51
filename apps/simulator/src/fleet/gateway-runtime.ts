/**
 * One gateway of a running fleet: its MQTT client, the Modbus TCP server its SunSpec devices answer on and
 * the connection it polls them over, the samples it makes from a plant model's readings, and what its
 * devices do with commands.
 */
import { memoryReader, scanSunSpec } from '@heliograph/modbus';
import {
  demoIdentity,
  FIRMWARE_KINDS,
  type FirmwareKind,
  type Sample,
  type SunspecScanParams,
  type SunspecScanResult,
} from '@heliograph/shared';
import type { CommandTarget } from '../gateway/commands.js';
import { GatewayClient } from '../gateway/gateway-client.js';
import type { Logger } from '../gateway/logger.js';
import type { UpgradeTuning } from '../gateway/upgrade-runner.js';
import { SunSpecPoller } from '../modbus/poller.js';
import { SUNSPEC_BASE, sunspecRegisters } from '../modbus/sunspec-map.js';
import { hash32 } from '../random.js';
import { ModbusTcpClient } from '../modbus/tcp-client.js';
import { startModbusTcpServer, type ModbusTcpServer, type RegisterMap } from '../modbus/tcp-server.js';
import { applyBatterySettings, DEFAULT_BATTERY_SETTINGS, isBatterySetting } from './battery-settings.js';
import { ivScan } from './iv-scan.js';
import { realtimeColumnsByDevice, realtimeReadings } from './realtime-columns.js';
import { RegisterBank } from './register-bank.js';
import type { DeviceReading, PlantModel } from './model.js';
import { plantReadings } from './model.js';
import type { DeviceDef, GatewayDef } from './types.js';

export interface GatewayRuntimeOptions {
  gateway: GatewayDef;
  password: string;
  mqttUrl: string;
  intervalSec: number;
  window: number;
  /** The plant's live model (shared by the plant's gateways). */
  live: PlantModel;
  clock: () => number;
  log: Logger;
  onIntervalChange: (seconds: number) => void;
  /**
   * A command changed what a device does (switched on or off): the gateway reports at once rather than at its
   * next interval, as loggers that report on change do, so the console shows the new state within a second.
   */
  onStateChange?: () => void;
  /** The platform key (SPKI PEM) upgrade manifests must be signed with; none: upgrades are refused. */
  manifestKey?: string;
  /** How upgrades behave; `seed` is mixed with the gateway's serial so gateways draw differently. */
  upgrade?: Omit<UpgradeTuning, 'manifestKey'>;
}

interface SunSpecLink {
  server: Promise<ModbusTcpServer>;
  client: ModbusTcpClient | undefined;
  units: Map<string, number>;
  pollers: Map<string, SunSpecPoller>;
}

export class GatewayRuntime {
  readonly def: GatewayDef;
  readonly client: GatewayClient;
  private readonly devices: Map<string, DeviceDef>;
  /** Battery settings written to hybrid inverters (kept for the run, as the device's flash would). */
  private readonly batterySettings = new Map<string, Record<string, unknown>>();
  private sunspec: SunSpecLink | undefined;
  /** Devices switched off by command that the model has no switch for (meters, batteries): still reported. */
  private readonly switchedOff = new Set<string>();
  /** Switches turned off by hand at the switch (simulated through settingsWrite { localOff }). */
  private readonly locallyOff = new Set<string>();
  /** Registers written to devices through a register-map protocol (kept for the run, as the device's flash would). */
  private readonly banks = new Map<string, RegisterBank>();
  /** What each device runs: its definition's version until an upgrade installs another. */
  private readonly firmware = new Map<string, string>();

  /** Connects at once; the Modbus TCP server for SunSpec devices starts with the first poll. */
  constructor(private readonly options: GatewayRuntimeOptions) {
    this.def = options.gateway;
    this.devices = new Map(options.gateway.devices.map((d) => [d.sn, d]));
    for (const d of options.gateway.devices) this.firmware.set(d.sn, d.firmware ?? demoIdentity(d.kind).firmware);
    this.client = new GatewayClient({
      sn: options.gateway.sn,
      password: options.password,
      url: options.mqttUrl,
      intervalSec: options.intervalSec,
      firmware: options.gateway.firmware,
      model: options.gateway.model,
      manifestKey: options.manifestKey,
      upgrade: { ...options.upgrade, seed: hash32('upgrade', options.gateway.sn, options.upgrade?.seed ?? 1) },
      window: options.window,
      clock: options.clock,
      log: options.log,
      target: this.commandTarget(),
      onIntervalChange: options.onIntervalChange,
    });
    this.client.start();
  }

  /** The version a device behind this gateway runs now. */
  firmwareOf(sn: string): string | undefined {
    return this.firmware.get(sn);
  }

  /** This gateway's devices' readings from `model` at its current time. */
  readings(model: PlantModel): DeviceReading[] {
    const modelled = plantReadings(model).filter((r) => this.devices.has(r.sn));
    const sns = new Set(modelled.map((r) => r.sn));
    // A device the plant model runs (its one meter) is not also read as a sub-node.
    return [...modelled, ...this.ownReadings(model.time).filter((r) => !sns.has(r.sn))];
  }

  /** Smart AC switches, lora nodes and lora sub-meters, which the plant model does not run. */
  private ownReadings(ts: number): DeviceReading[] {
    const out: DeviceReading[] = [];
    for (const d of this.devices.values()) {
      const wobble = Math.sin(ts / 600_000 + d.sn.length);
      if (d.kind === 'switch') {
        const on = !this.switchedOff.has(d.sn) && !this.locallyOff.has(d.sn);
        out.push({
          sn: d.sn,
          kind: 'switch',
          metrics: { on: on ? 1 : 0, p: on ? Math.round(900 + 300 * wobble) : 0, leakage_ma: on ? 3 : 0 },
        });
      } else if (d.kind === 'lora') {
        // Each node sits at its own distance from the master: a fixed offset per serial number.
        const distance = [...d.sn].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 30;
        out.push({ sn: d.sn, kind: 'lora', metrics: { rssi: Math.round(-62 + 8 * wobble - distance) } });
      } else if (d.kind === 'meter') {
        // A sub-meter on a lora master (a circuit's meter): its phase figures only, so the plant's grid and
        // load figures stay the plant meter's.
        const w = Math.round(450 + 150 * wobble);
        out.push({
          sn: d.sn,
          kind: 'meter',
          metrics: { ph1_v: 230, ph1_i: Math.round((w / 230) * 100) / 100, ph1_p: w, freq: 50 },
        });
      }
    }
    return out;
  }

  /**
   * Samples for a set of readings. SunSpec devices go out as raw registers: live, the gateway polls them
   * over Modbus TCP from the device server; for history it reads the same map from memory, which is
   * what makes a 90-day backfill take seconds rather than minutes.
   */
  async samples(
    model: PlantModel,
    readings: readonly DeviceReading[],
    ts: number,
    via: 'tcp' | 'memory',
  ): Promise<Sample[]> {
    const samples: Sample[] = [];
    // Devices the console bound to a register map report its realtime columns too, keyed by column name.
    const realtime = realtimeColumnsByDevice(this.client.protocolConfigs());
    const columnsOf = (sn: string, metrics: Record<string, number | null>) => {
      const columns = realtime.get(sn);
      return columns ? realtimeReadings(columns, this.bankOf(sn), metrics, ts) : undefined;
    };
    for (const reading of readings) {
      const device = this.devices.get(reading.sn);
      const bound = columnsOf(reading.sn, reading.metrics);
      if (device?.protocol !== 'sunspec') {
        samples.push({ device: reading.sn, ts, metrics: bound ? { ...reading.metrics, ...bound } : reading.metrics });
        continue;
      }
      const map = sunspecRegisters(
        device,
        reading.metrics,
        model.inverter(device.sn)?.eMppt ?? [],
        this.firmwareOf(device.sn),
      );
      try {
        const raw =
          via === 'tcp'
            ? await this.pollTcp(device.sn, map)
            : await new SunSpecPoller(memoryReader(map.registers, map.start)).poll();
        samples.push({ device: reading.sn, ts, raw, ...(bound ? { metrics: bound } : {}) });
      } catch (error) {
        // A device that does not answer is left out of this poll, as a real gateway would leave it.
        this.options.log(
          'warn',
          `${this.def.sn}: polling ${device.sn} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    return samples;
  }

  async stop(): Promise<void> {
    await this.client.stop();
    if (this.sunspec) {
      this.sunspec.client?.close();
      await (await this.sunspec.server).close();
    }
  }

  /** Each SunSpec device is a unit on the gateway's one Modbus TCP server, as behind an RS-485 bridge. */
  private link(): SunSpecLink {
    if (!this.sunspec) {
      const sunspecDevices = this.def.devices.filter((d) => d.protocol === 'sunspec');
      const server = startModbusTcpServer({ host: '127.0.0.1', port: 0 });
      void server.then(
        (s) => this.options.log('info', `${this.def.sn}: SunSpec devices on Modbus TCP ${s.host}:${s.port}`),
        () => {},
      );
      this.sunspec = {
        server,
        client: undefined,
        units: new Map(sunspecDevices.map((d, i) => [d.sn, i + 1])),
        pollers: new Map(),
      };
    }
    return this.sunspec;
  }

  private async pollTcp(sn: string, map: RegisterMap) {
    const link = this.link();
    const unit = link.units.get(sn);
    if (unit === undefined) throw new Error(`${sn} has no Modbus unit`);
    const server = await link.server;
    server.setUnit(unit, map);
    if (!link.client?.isOpen) {
      link.client = await ModbusTcpClient.connect(server.host, server.port);
      link.pollers.clear();
    }
    let poller = link.pollers.get(sn);
    if (!poller) link.pollers.set(sn, (poller = new SunSpecPoller(link.client.reader(unit))));
    return poller.poll();
  }

  private commandTarget(): CommandTarget {
    const live = () => {
      // A command acts from now on: bring the model up to the present before changing it.
      this.options.live.advanceTo(Math.max(this.options.live.time, this.options.clock()));
      return this.options.live;
    };
    return {
      hasDevice: (sn) => this.devices.has(sn),
      setRunning: (sn, on) => {
        const model = live();
        const targets = sn ? [sn] : [...this.devices.values()].filter((d) => d.kind === 'inverter').map((d) => d.sn);
        for (const target of targets) {
          const inverter = model.inverter(target);
          if (inverter) inverter.enabled = on;
          else if (on) this.switchedOff.delete(target);
          else this.switchedOff.add(target);
        }
        this.options.onStateChange?.();
      },
      readSettings: (sn) => this.readSettings(sn),
      writeSettings: (sn, settings) => {
        if (this.devices.get(sn)?.kind === 'switch' && typeof settings.localOff === 'boolean') {
          // Stands in for a hand at the switch: off there, it stays off until turned on there.
          if (settings.localOff) this.locallyOff.add(sn);
          else this.locallyOff.delete(sn);
          return { applied: { localOff: settings.localOff } };
        }
        const inverter = live().inverter(sn);
        const applied: Record<string, unknown> = {};
        const battery = Object.entries(settings).filter(([key]) => isBatterySetting(key));
        if (battery.length > 0) {
          if (!this.hasBatterySettings(sn)) return { error: `battery settings are not supported by ${sn}` };
          const outcome = applyBatterySettings(this.batterySettingsOf(sn), Object.fromEntries(battery));
          if ('error' in outcome) return outcome;
          this.batterySettings.set(sn, outcome.held);
          for (const [key, value] of battery) applied[key] = value;
        }
        for (const [key, value] of Object.entries(settings)) {
          if (isBatterySetting(key)) continue;
          if (key === 'activePowerLimit' && inverter && typeof value === 'number' && value >= 0 && value <= 100) {
            inverter.powerLimit = value / 100;
            applied[key] = value;
          } else {
            return { error: `setting ${key} is not supported by ${sn}` };
          }
        }
        return { applied };
      },
      debugRead: (sn, params) => this.debugRead(sn, params),
      writeRegisters: (sn, writes) => {
        this.bankOf(sn).write(writes);
      },
      readRegisters: (sn, reads) => this.bankOf(sn).read(reads),
      isLocallyOff: (sn) => this.locallyOff.has(sn),
      ivScan: (sn) => ivScan(live(), sn),
      upgradeSubject: (sn) => {
        const device = this.devices.get(sn);
        const firmware = this.firmware.get(sn);
        if (!device || firmware === undefined) return undefined;
        return { sn, kind: firmwareKind(device.kind), model: device.model, firmware };
      },
      installed: (sn, version) => {
        if (this.devices.has(sn)) this.firmware.set(sn, version);
      },
      sunspecScan: (params) => this.sunspecScan(params),
      batterySchedule: (sn, slots) => {
        if (!this.hasBatterySettings(sn)) return { error: `battery schedules are not supported by ${sn}` };
        live().setSchedule(slots);
        // The work mode the console reads back: the schedule is the time-of-use mode, none is self-use.
        const mode = slots.length > 0 ? 'timeOfUse' : 'selfUse';
        this.batterySettings.set(sn, { ...this.batterySettingsOf(sn), batteryWorkMode: mode });
        this.options.onStateChange?.();
        return { mode };
      },
    };
  }

  private bankOf(sn: string): RegisterBank {
    let bank = this.banks.get(sn);
    if (!bank) this.banks.set(sn, (bank = new RegisterBank()));
    return bank;
  }

  /**
   * sunspecScan: serves the device's current map as its unit on the gateway's Modbus TCP server and walks it
   * there with scanSunSpec, as a gateway scanning its RS-485 bus would. A gateway without SunSpec devices
   * (or asked about a device that is not one) has nothing to scan.
   */
  private async sunspecScan(params: SunspecScanParams): Promise<SunspecScanResult | { error: string }> {
    const device = params.device
      ? this.devices.get(params.device)
      : [...this.devices.values()].find((d) => d.protocol === 'sunspec');
    if (!device || device.protocol !== 'sunspec') return { error: 'no SunSpec device' };
    const link = this.link();
    const unit = params.unitId ?? link.units.get(device.sn);
    if (unit === undefined) return { error: 'no SunSpec device' };
    const model = this.options.live;
    const reading = plantReadings(model).find((r) => r.sn === device.sn);
    const server = await link.server;
    if (reading && link.units.get(device.sn) === unit)
      server.setUnit(
        unit,
        sunspecRegisters(device, reading.metrics, model.inverter(device.sn)?.eMppt ?? [], this.firmwareOf(device.sn)),
      );
    const client = await ModbusTcpClient.connect(server.host, server.port);
    try {
      const scan = await scanSunSpec(client.reader(unit), params.base === undefined ? {} : { bases: [params.base] });
      return { device: device.sn, unitId: unit, base: scan.base, models: scan.models };
    } catch (error) {
      return { error: `no SunSpec device (${error instanceof Error ? error.message : String(error)})`.slice(0, 200) };
    } finally {
      client.close();
    }
  }

  /** A hybrid inverter with a battery on the same gateway holds the battery settings. */
  private hasBatterySettings(sn: string): boolean {
    const device = this.devices.get(sn);
    return (
      device?.kind === 'inverter' &&
      device.inverterKind === 'hybrid' &&
      [...this.devices.values()].some((d) => d.kind === 'battery')
    );
  }

  private batterySettingsOf(sn: string): Record<string, unknown> {
    return this.batterySettings.get(sn) ?? { ...DEFAULT_BATTERY_SETTINGS };
  }

  private readSettings(sn: string): Record<string, unknown> {
    const device = this.devices.get(sn);
    const model = this.options.live;
    switch (device?.kind) {
      case 'inverter': {
        const inverter = model.inverter(sn);
        return {
          activePowerLimit: Math.round((inverter?.powerLimit ?? 1) * 100),
          powerFactor: 1,
          gridCode: model.plant.gridFrequency === 60 ? 'IEEE 1547-2018' : 'EN 50549-1',
          reconnectDelaySec: 60,
          ratedW: device.ratedW ?? null,
          running: inverter?.enabled ?? true,
          ...(this.hasBatterySettings(sn) ? this.batterySettingsOf(sn) : {}),
        };
      }
      case 'battery':
        return {
          mode: 'selfConsumption',
          socMin: 10,
          socMax: 95,
          maxChargeW: device.ratedW ?? null,
          maxDischargeW: device.ratedW ?? null,
        };
      case 'meter':
        return { ctRatio: 1, ptRatio: 1, phases: device.phases ?? 1, on: !this.switchedOff.has(sn) };
      default:
        return { on: !this.switchedOff.has(sn) && !this.locallyOff.has(sn), localOff: this.locallyOff.has(sn) };
    }
  }

  /**
   * Registers as the device holds them: a SunSpec device's map, or for the others a made-up map with each
   * reading as one register (×10, two's complement), which is what a debug read of an unknown map shows.
   */
  private debugRead(sn: string, params: Record<string, unknown>): Record<string, unknown> {
    const device = this.devices.get(sn);
    const model = this.options.live;
    const reading = plantReadings(model).find((r) => r.sn === sn);
    const count = typeof params.count === 'number' ? Math.max(1, Math.min(125, Math.floor(params.count))) : 10;
    if (device?.protocol === 'sunspec' && reading) {
      const address = typeof params.address === 'number' ? Math.floor(params.address) : SUNSPEC_BASE;
      const map = sunspecRegisters(device, reading.metrics, model.inverter(sn)?.eMppt ?? [], this.firmwareOf(sn));
      const from = address - map.start;
      const values = this.withWrites(
        sn,
        address,
        count,
        map.registers.slice(Math.max(0, from), Math.max(0, from) + count),
      );
      return { address, count: values.length, values };
    }
    const address = typeof params.address === 'number' ? Math.floor(params.address) : 0;
    const made = Object.values(reading?.metrics ?? {})
      .slice(address, address + count)
      .map((v) => (Math.round((v ?? 0) * 10) & 0xffff) >>> 0);
    const values = this.withWrites(sn, address, count, made);
    return { address, count: values.length, values };
  }

  /** Registers read back as written (debugWrite, settingsWrite) where they were written; unread ones in between 0. */
  private withWrites(sn: string, address: number, count: number, values: number[]): number[] {
    const bank = this.banks.get(sn);
    if (!bank) return values;
    const out = [...values];
    for (let i = 0; i < count; i++) {
      const written = bank.peek(address + i);
      if (written === undefined) continue;
      while (out.length < i) out.push(0);
      out[i] = written;
    }
    return out;
  }
}

/** The firmware kind of a device kind; undefined for one no firmware is made for (a weather station). */
function firmwareKind(kind: string): FirmwareKind | undefined {
  return FIRMWARE_KINDS.find((k) => k === kind);
}
