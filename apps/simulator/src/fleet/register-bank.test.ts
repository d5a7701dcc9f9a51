import { describe, expect, it } from 'vitest';
import { runCommand, type CommandTarget, type GatewayControl } from '../gateway/commands.js';
import { RegisterBank } from './register-bank.js';

describe('register bank of a device bound to a register map', () => {
  it('answers what it was written, unwritten registers 0', () => {
    const bank = new RegisterBank();
    expect(bank.read([{ fc: 3, start: 0x1000, count: 3 }])).toEqual([{ fc: 3, start: 0x1000, registers: [0, 0, 0] }]);
    bank.write([
      { fc: 6, start: 0x1001, registers: [0xfff6] },
      { fc: 16, start: 0x2000, registers: [0x5678, 0x1234] },
      { fc: 5, start: 0x0010, registers: [1] },
    ]);
    expect(
      bank.read([
        { fc: 3, start: 0x1000, count: 3 },
        { fc: 3, start: 0x2000, count: 2 },
        { fc: 1, start: 0x000f, count: 3 },
      ]),
    ).toEqual([
      { fc: 3, start: 0x1000, registers: [0, 0xfff6, 0] },
      { fc: 3, start: 0x2000, registers: [0x5678, 0x1234] },
      { fc: 1, start: 0x000f, registers: [0, 1, 0] },
    ]);
  });

  it('keeps coils and holding registers apart, and a later write wins', () => {
    const bank = new RegisterBank();
    bank.write([{ fc: 5, start: 5, registers: [1] }]);
    bank.write([{ fc: 6, start: 5, registers: [42] }]);
    bank.write([{ fc: 6, start: 5, registers: [43] }]);
    expect(bank.read([{ fc: 1, start: 5, count: 1 }])[0]?.registers).toEqual([1]);
    expect(bank.read([{ fc: 3, start: 5, count: 1 }])[0]?.registers).toEqual([43]);
  });
});

describe('settingsWrite and settingsRead of a device bound to a register map', () => {
  const NOW = 1_790_000_000_000;
  const DEVICE = 'INV00000042';
  const bank = new RegisterBank();
  const target: CommandTarget = {
    hasDevice: (sn) => sn === DEVICE,
    setRunning: () => undefined,
    readSettings: () => ({ activePowerLimit: 100 }),
    writeSettings: () => ({ error: 'no built-in settings' }),
    debugRead: () => ({}),
    writeRegisters: (_sn, writes) => void bank.write(writes),
    readRegisters: (_sn, reads) => bank.read(reads),
  };
  const gateway: GatewayControl = {
    sn: 'GW00000042',
    firmware: '1.0',
    intervalSec: 60,
    setIntervalSec: () => undefined,
    restartSoon: () => undefined,
    moveSoon: () => undefined,
  };
  const run = (type: 'settingsRead' | 'settingsWrite' | 'debugWrite', params: Record<string, unknown>) =>
    runCommand({ cmdId: 'c1', type, device: DEVICE, params, expiresAt: NOW + 1000 }, gateway, target, NOW);

  it('writes the registers the command carries and reads them back by address', () => {
    const written = run('settingsWrite', {
      values: { limit: 50 },
      writes: [{ fc: 6, start: 0x3000, registers: [500] }],
    });
    expect(written).toMatchObject({ status: 'succeeded', result: { limit: 50 } });
    expect(run('settingsRead', { keys: ['limit'], reads: [{ fc: 3, start: 0x3000, count: 2 }] })).toMatchObject({
      status: 'succeeded',
      result: { blocks: [{ fc: 3, start: 0x3000, registers: [500, 0] }] },
    });
  });

  it('refuses malformed writes without touching the bank, and answers built-in reads as before', () => {
    expect(run('settingsWrite', { writes: [{ fc: 6, start: 0x3000, registers: [1, 2] }] })).toMatchObject({
      status: 'failed',
    });
    expect(run('settingsWrite', { writes: [{ fc: 16, start: 0x3000, registers: [70000] }] }).status).toBe('failed');
    expect(bank.read([{ fc: 3, start: 0x3000, count: 1 }])[0]?.registers).toEqual([500]);
    expect(run('settingsRead', {})).toMatchObject({ status: 'succeeded', result: { activePowerLimit: 100 } });
  });

  it('answers remote debug’s writes (06, 10) by writing the registers, and refuses malformed ones', () => {
    expect(run('debugWrite', { fc: 6, address: 0x4000, values: [0xffd8] })).toMatchObject({
      status: 'succeeded',
      result: { address: 0x4000, count: 1, values: [0xffd8] },
    });
    expect(run('debugWrite', { fc: 16, address: 0x4001, values: [1, 0x86a0] }).status).toBe('succeeded');
    expect(bank.read([{ fc: 3, start: 0x4000, count: 3 }])[0]?.registers).toEqual([0xffd8, 1, 0x86a0]);
    expect(run('debugWrite', { fc: 6, address: 0x4000, values: [1, 2] }).status).toBe('failed');
    expect(run('debugWrite', { fc: 3, address: 0x4000, values: [1] }).status).toBe('failed');
    expect(run('debugWrite', { fc: 16, address: 0xffff, values: [1, 2] }).status).toBe('failed');
    expect(bank.read([{ fc: 3, start: 0x4000, count: 1 }])[0]?.registers).toEqual([0xffd8]);
  });
});
