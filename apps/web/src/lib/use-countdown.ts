import { useCallback, useEffect, useState } from 'react';

/** Seconds left before an SMS code may be requested again; 0 when allowed. */
export function useCountdown() {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((endsAt - now) / 1000));

  useEffect(() => {
    if (endsAt <= Date.now()) return;
    // Measured against the clock rather than counted down, so a phone that suspends the
    // page in the background still shows the right number when it comes back.
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= endsAt) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setEndsAt(t + Math.max(0, seconds) * 1000);
  }, []);

  return { secondsLeft: left, start };
}
