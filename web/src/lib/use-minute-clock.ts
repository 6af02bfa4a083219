import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

/** The time now, moved on every minute: "5 minutes ago" stays true while the page is open. */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
