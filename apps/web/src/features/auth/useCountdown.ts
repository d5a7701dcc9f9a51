import { useEffect, useState } from 'react';

/** Seconds left before the e-mail code may be asked for again (spec §9: once a minute). */
export function useCountdown(): [number, (seconds: number) => void] {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const id = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(id);
  }, [until, now]);
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  const start = (seconds: number): void => {
    const t = Date.now();
    setNow(t);
    setUntil(t + seconds * 1000);
  };
  return [left, start];
}
