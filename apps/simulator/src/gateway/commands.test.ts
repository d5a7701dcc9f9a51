import { gatewayLogResultSchema, type GatewayCommand } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { runCommand, type CommandTarget, type GatewayControl } from './commands.js';
import { Journal } from './journal.js';

const SWITCH = 'SW00000001';

function fakeSwitch(locallyOff: boolean) {
  const running = new Map<string | undefined, boolean>();
  const target: CommandTarget = {
    hasDevice: (sn) => sn === SWITCH,
    setRunning: (sn, on) => void running.set(sn, on),
    readSettings: () => ({}),
    writeSettings: () => ({ applied: {} }),
    debugRead: () => ({}),
    isLocallyOff: () => locallyOff,
  };
  const gateway: GatewayControl = {
    sn: SWITCH,
    firmware: '1.0',
    intervalSec: 60,
    setIntervalSec: () => undefined,
    restartSoon: () => undefined,
    moveSoon: () => undefined,
  };
  return { target, gateway, running };
}

const cmd = (type: GatewayCommand['type'], params: Record<string, unknown> = {}): GatewayCommand => ({
  cmdId: 'c1',
  type,
  device: SWITCH,
  params,
  expiresAt: Date.now() + 10_000,
});

describe('smart AC switch commands', () => {
  it('switches a switch that is its own gateway off and on', () => {
    const { target, gateway, running } = fakeSwitch(false);
    expect(runCommand(cmd('switchOff'), gateway, target, Date.now())).toMatchObject({ status: 'succeeded' });
    expect(running.get(SWITCH)).toBe(false);
    expect(runCommand(cmd('switchOn'), gateway, target, Date.now())).toMatchObject({ status: 'succeeded' });
    expect(running.get(SWITCH)).toBe(true);
  });
  it('refuses to turn on a switch turned off at the switch itself', () => {
    const { target, gateway, running } = fakeSwitch(true);
    expect(runCommand(cmd('switchOn'), gateway, target, Date.now())).toMatchObject({
      status: 'failed',
      error: 'locallyOff',
    });
    expect(running.has(SWITCH)).toBe(false);
  });
  it('answers timing tasks, mesh check and the self-check', () => {
    const { target, gateway } = fakeSwitch(false);
    expect(runCommand(cmd('timingTask', { tasks: [{}, {}] }), gateway, target, Date.now())).toMatchObject({
      status: 'succeeded',
      result: { count: 2 },
    });
    expect(runCommand(cmd('timingTask', { tasks: 'x' }), gateway, target, Date.now()).status).toBe('failed');
    expect(runCommand(cmd('meshCheck', { enabled: true }), gateway, target, Date.now())).toMatchObject({
      result: { enabled: true },
    });
    expect(runCommand(cmd('selfCheck'), gateway, target, Date.now())).toMatchObject({ result: { cutSeconds: 10 } });
  });
});

describe("the gateway's own log (logRead)", () => {
  const T0 = Date.UTC(2026, 5, 1, 8);
  it('answers its newest lines, oldest first, as many as asked and at most 200', () => {
    const journal = new Journal();
    for (let i = 0; i < 250; i++) journal.add(T0 + i * 1000, i % 50 === 0 ? 'warn' : 'info', `line ${i}`);
    const { target, gateway } = fakeSwitch(false);
    const control = { ...gateway, recentLog: (n: number) => journal.recent(n) };
    const three = runCommand({ ...cmd('logRead', { lines: 3 }), device: undefined }, control, target, T0);
    expect(three).toMatchObject({ status: 'succeeded' });
    expect(gatewayLogResultSchema.parse(three.result).lines).toEqual([
      { at: T0 + 247_000, level: 'info', message: 'line 247' },
      { at: T0 + 248_000, level: 'info', message: 'line 248' },
      { at: T0 + 249_000, level: 'info', message: 'line 249' },
    ]);
    const all = runCommand({ ...cmd('logRead', { lines: 200 }), device: undefined }, control, target, T0);
    const lines = gatewayLogResultSchema.parse(all.result).lines;
    expect(lines).toHaveLength(200);
    expect(lines[0]?.message).toBe('line 50');
    expect(lines[0]?.level).toBe('warn');
  });

  it('refuses a count outside 1-200', () => {
    const { target, gateway } = fakeSwitch(false);
    for (const lines of [0, 201, 2.5, '10'])
      expect(runCommand({ ...cmd('logRead', { lines }), device: undefined }, gateway, target, T0)).toMatchObject({
        status: 'failed',
      });
  });
});
