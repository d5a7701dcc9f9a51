import { localDay } from '@heliograph/shared';
import { useEffect, useState } from 'react';

/** The time now and the plant-local day it falls in, refreshed every 20 s (the clock, "today" at midnight). */
export function usePlantNow(tz: string): { now: number; today: string } {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 20_000);
    return () => clearInterval(timer);
  }, []);
  return { now, today: localDay(now, tz) };
}
