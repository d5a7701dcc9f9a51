/**
 * What a simulated gateway does with a command from down/cmd, and what it answers on up/ack. The gateway
 * handles its own commands (restart, upload interval); device commands go to whatever runs the devices
 * (the fleet runner), through `CommandTarget`. Types the simulator does not implement are answered
 * failed, as a gateway with older firmware would.
 */
import {
  batteryScheduleParamsSchema,
  GATEWAY_LOG_LINES,
  protocolUpdateParamsSchema,
  settingsReadParamsSchema,
  settingsWriteParamsSchema,
  type BatteryScheduleSlot,
  type CommandResult,
  type GatewayCommand,
  type GatewayLogLine,
  type IvScanResult,
  type ProtocolUpdateParams,
  type RegisterReadBlock,
  type RegisterWriteBlock,
} from '@heliograph/shared';
import type { SunspecScanTarget } from './sunspec-scan.js';
import type { UpgradeSubject } from './upgrade-verify.js';

/** The device side of the commands: implemented by the fleet runner over its plant models. */
export interface CommandTarget extends SunspecScanTarget {
  /** Whether `sn` is a device behind this gateway. */
  hasDevice(sn: string): boolean;
  /** Starts or stops producing (boot/shutdown, switchOn/switchOff). `sn` undefined: every inverter. */
  setRunning(sn: string | undefined, on: boolean): void;
  readSettings(sn: string): Record<string, unknown>;
  /** Applies the settings it knows; returns what it applied, or an error for the first it does not. */
  writeSettings(
    sn: string,
    settings: Record<string, unknown>,
  ): { applied: Record<string, unknown> } | { error: string };
  debugRead(sn: string, params: Record<string, unknown>): Record<string, unknown>;
  /**
   * A device bound to a register-map protocol: the settingsWrite carries the registers (`writes`), the
   * settingsRead the blocks to read (`reads`); the device keeps and answers them by address.
   */
  writeRegisters?(sn: string, writes: readonly RegisterWriteBlock[]): void;
  readRegisters?(sn: string, reads: readonly RegisterReadBlock[]): { fc: number; start: number; registers: number[] }[];
  /** A smart AC switch turned off at the switch itself: it refuses to be turned on remotely (spec §4). */
  isLocallyOff?(sn: string): boolean;
  /** The I-V sweep of an inverter's PV inputs (ivScan), or why there is none. */
  ivScan?(sn: string): IvScanResult | { error: string };
  /**
   * A hybrid inverter's battery schedule (batterySchedule): kept and followed slot by slot; an empty one
   * returns it to self-use. Answers the work mode it now runs, or why it cannot (no battery behind it).
   */
  batterySchedule?(sn: string, slots: readonly BatteryScheduleSlot[]): { mode: string } | { error: string };
  /** A device as an upgrade sees it (kind, model, the version it runs); undefined: it takes no upgrades. */
  upgradeSubject?(sn: string): UpgradeSubject | undefined;
  /** The device now runs `version` (an upgrade succeeded). */
  installed?(sn: string, version: string): void;
}

/** The gateway side: what the MQTT client does for restart and upload interval. */
export interface GatewayControl {
  sn: string;
  firmware: string;
  intervalSec: number;
  setIntervalSec(seconds: number): void;
  /** Reconnects shortly after the answer has gone out. */
  restartSoon(): void;
  /** Connects to another broker (an account moved region) once the answer has gone out. */
  moveSoon(url: string): void;
  /** The gateway's own newest log lines, oldest first (logRead). */
  recentLog?(limit: number): GatewayLogLine[];
  /** Keeps a protocol config pushed by the console (protocolUpdate), replacing an older version of it. */
  keepProtocol?(update: ProtocolUpdateParams): void;
}

export const MIN_INTERVAL_SEC = 10;
export const MAX_INTERVAL_SEC = 3600;

export function runCommand(
  cmd: GatewayCommand,
  gateway: GatewayControl,
  target: CommandTarget,
  now: number,
): CommandResult {
  const failed = (error: string): CommandResult => ({ cmdId: cmd.cmdId, status: 'failed', error });
  const succeeded = (result: Record<string, unknown> = {}): CommandResult => ({
    cmdId: cmd.cmdId,
    status: 'succeeded',
    result,
  });

  if (cmd.expiresAt < now) return failed('expired');
  // A command names the gateway itself, one of its devices, or nothing (the gateway).
  // A device that connects on its own (a smart AC switch) is both the gateway and the device.
  const device = cmd.device && (cmd.device !== gateway.sn || target.hasDevice(cmd.device)) ? cmd.device : undefined;
  if (device && !target.hasDevice(device)) return failed(`unknown device ${device}`);

  switch (cmd.type) {
    case 'logRead': {
      const lines = cmd.params.lines ?? 100;
      if (typeof lines !== 'number' || !Number.isInteger(lines) || lines < 1 || lines > GATEWAY_LOG_LINES)
        return failed(`lines must be an integer from 1 to ${GATEWAY_LOG_LINES}`);
      return succeeded({ lines: gateway.recentLog?.(lines) ?? [] });
    }
    case 'restart':
      gateway.restartSoon();
      return succeeded();
    case 'serverAddress': {
      // The broker of the region the plant's account moved to: same serial number and password there.
      const url = cmd.params.url;
      if (typeof url !== 'string' || !/^mqtts?:\/\/[^\s/]+/.test(url)) return failed('url must be mqtt:// or mqtts://');
      gateway.moveSoon(url);
      return succeeded({ url });
    }
    case 'uploadInterval': {
      const seconds = cmd.params.seconds;
      if (
        typeof seconds !== 'number' ||
        !Number.isInteger(seconds) ||
        seconds < MIN_INTERVAL_SEC ||
        seconds > MAX_INTERVAL_SEC
      ) {
        return failed(`seconds must be an integer from ${MIN_INTERVAL_SEC} to ${MAX_INTERVAL_SEC}`);
      }
      gateway.setIntervalSec(seconds);
      return succeeded({ seconds });
    }
    case 'boot':
    case 'switchOn':
      if (device && target.isLocallyOff?.(device)) return failed('locallyOff');
      target.setRunning(device, true);
      return succeeded({ on: true });
    case 'shutdown':
    case 'switchOff':
      target.setRunning(device, false);
      return succeeded({ on: false });
    case 'settingsRead':
      if (device && 'reads' in cmd.params) {
        const read = settingsReadParamsSchema.safeParse(cmd.params);
        if (!read.success || !target.readRegisters) return failed('reads must be blocks of fc 1 or 3, start and count');
        return succeeded({ blocks: target.readRegisters(device, read.data.reads) });
      }
      return succeeded(
        device
          ? target.readSettings(device)
          : {
              uploadInterval: gateway.intervalSec,
              firmware: gateway.firmware,
              ntpServer: 'pool.ntp.org',
              apn: 'internet',
            },
      );
    case 'settingsWrite': {
      if (!device) return failed('settingsWrite needs a device');
      if ('writes' in cmd.params) {
        const write = settingsWriteParamsSchema.safeParse(cmd.params);
        if (!write.success || !target.writeRegisters)
          return failed('writes must be fc 5, 6 or 16 with start and registers');
        target.writeRegisters(device, write.data.writes);
        return succeeded(write.data.values ?? {});
      }
      const outcome = target.writeSettings(device, cmd.params);
      return 'error' in outcome ? failed(outcome.error) : succeeded(outcome.applied);
    }
    case 'debugRead':
      if (!device) return failed('debugRead needs a device');
      return succeeded(target.debugRead(device, cmd.params));
    case 'debugWrite': {
      // Remote debug's 06 (one register) or 10 (several, as 16): the device keeps what it is written.
      if (!device) return failed('debugWrite needs a device');
      const { fc, address, values } = cmd.params;
      const words = Array.isArray(values) ? values : [];
      if (
        (fc !== 6 && fc !== 16) ||
        typeof address !== 'number' ||
        !Number.isInteger(address) ||
        address < 0 ||
        words.length < 1 ||
        words.length > 123 ||
        address + words.length > 0x10000 ||
        !words.every((w): w is number => typeof w === 'number' && Number.isInteger(w) && w >= 0 && w <= 0xffff) ||
        (fc === 6 && words.length !== 1)
      )
        return failed('params must be { fc: 6 or 16, address, values: registers }');
      if (!target.writeRegisters) return failed(`unsupported command ${cmd.type}`);
      target.writeRegisters(device, [{ fc, start: address, registers: words }]);
      return succeeded({ address, count: words.length, values: words });
    }
    case 'meshCheck':
      if (typeof cmd.params.enabled !== 'boolean') return failed('enabled must be true or false');
      return succeeded({ enabled: cmd.params.enabled });
    case 'timingTask': {
      const tasks = cmd.params.tasks;
      if (!Array.isArray(tasks) || tasks.length > 10) return failed('tasks must be a list of at most 10');
      return succeeded({ count: tasks.length });
    }
    case 'selfCheck':
      // The leakage test trips the switch for 10 s (spec §9); the simulated one always passes.
      if (!device) return failed('selfCheck needs a device');
      return succeeded({ cutSeconds: 10, passed: true });
    case 'ivScan': {
      if (!device) return failed('ivScan needs a device');
      const outcome = target.ivScan?.(device) ?? { error: `unsupported command ${cmd.type}` };
      return 'error' in outcome ? failed(outcome.error) : succeeded(outcome);
    }
    case 'batterySchedule': {
      if (!device) return failed('batterySchedule needs a device');
      const schedule = batteryScheduleParamsSchema.safeParse(cmd.params);
      if (!schedule.success) return failed('params must be { slots: [{ start, minutes, batteryW, exportLimitW }] }');
      const outcome = target.batterySchedule?.(device, schedule.data.slots) ?? {
        error: `unsupported command ${cmd.type}`,
      };
      return 'error' in outcome ? failed(outcome.error) : succeeded({ ...outcome, slots: schedule.data.slots.length });
    }
    case 'protocolUpdate': {
      // A register map the console changed, for the devices that use it: kept, and its version answered.
      const update = protocolUpdateParamsSchema.safeParse(cmd.params);
      if (!update.success) return failed('params must be { protocol, config, version, columns }');
      if (!gateway.keepProtocol) return failed(`unsupported command ${cmd.type}`);
      gateway.keepProtocol(update.data);
      return succeeded({ protocol: update.data.protocol, config: update.data.config, version: update.data.version });
    }
    default:
      return failed(`unsupported command ${cmd.type}`);
  }
}
