/** What a switch's power controls may offer, from its last reported state (spec §4 switch states). */
export interface PowerState {
  state: 'on' | 'off' | 'localOff';
  /** Turned off at the switch itself: turning it on remotely is refused (the switch would refuse it too). */
  onRefused: boolean;
  /** The action that changes something now: off for a switch that is on, on otherwise. */
  main: 'on' | 'off';
}

export function powerState(sw: { on: boolean; localOff: boolean }): PowerState {
  if (sw.localOff) return { state: 'localOff', onRefused: true, main: 'off' };
  return sw.on ? { state: 'on', onRefused: false, main: 'off' } : { state: 'off', onRefused: false, main: 'on' };
}
