import { useEffect, useState } from 'react';
import { PARENTAL_CONSENT_RESEND_WAIT_S } from '~/lib/constants';

/** Seconds left of the resend wait, restarting each time `running` turns on; the machine owns the real timer. */
export function useCountdown(running: boolean, totalSeconds = PARENTAL_CONSENT_RESEND_WAIT_S): number {
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
