import { useCallback, useEffect, useRef } from 'react';

/** When the page reads again after a command: at once, then as the device's report on change comes in. */
export const FOLLOW_UP_MS = [2_000, 6_000] as const;

/**
 * A command's answer says the device took it; its new state comes with the device's next report, which a
 * gateway sends within a second or two of a change (the simulator's report on change does the same). So the
 * page reads again at once and then a couple of times shortly after, instead of waiting for its next poll
 * (30–60 s) with a button that still shows the old state. Timers end with the page.
 */
export function useFollowUp(): (refresh: () => void) => void {
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(
    () => () => {
      for (const timer of timers.current) clearTimeout(timer);
      timers.current = [];
    },
    [],
  );
  return useCallback((refresh: () => void) => {
    refresh();
    for (const ms of FOLLOW_UP_MS) timers.current.push(setTimeout(refresh, ms));
  }, []);
}
