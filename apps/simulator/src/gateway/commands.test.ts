import type { GatewayCommand } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { runCommand, type CommandTarget, type GatewayControl } from './commands.js';

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
