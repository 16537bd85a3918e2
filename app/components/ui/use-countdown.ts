import { useEffect, useState } from 'react';

/**
 * Seconds left of a wait a machine times, for the screen to show: restarts each time `running`
 * turns on. The machine owns the real timer (its named delay); this only counts down beside it.
 */
export function useCountdown(running: boolean, totalSeconds: number): number {
  const [secondsLeft, setSecondsLeft] = useState(totalSeconds);
  useEffect(() => {
    if (!running) return;
    const startedAt = Date.now();
    setSecondsLeft(totalSeconds);
    const timer = window.setInterval(() => {
      setSecondsLeft(Math.max(0, totalSeconds - Math.floor((Date.now() - startedAt) / 1000)));
    }, 1000);
    return () => window.clearInterval(timer);
  }, [running, totalSeconds]);
  return secondsLeft;
}
