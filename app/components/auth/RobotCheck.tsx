import type {} from 'altcha/types/react';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';

/**
 * The ALTCHA robot check. The widget is a custom element that only exists in the browser,
 * so it is imported after hydration; its payload is copied into a plain hidden input named
 * `altcha` that the form posts. `reset()` clears it for the next attempt.
 */
export interface RobotCheckHandle {
  reset: () => void;
}

interface AltchaStateEvent {
  state?: string;
  payload?: string | null;
}

export const RobotCheck = forwardRef<RobotCheckHandle, { onVerified: () => void; onExpired: () => void }>(function RobotCheck({ onVerified, onExpired }, ref) {
  const widgetRef = useRef<HTMLElement & { reset?: () => void }>(null);
  const [loaded, setLoaded] = useState(false);
  const [payload, setPayload] = useState('');
  const handlers = useRef({ onVerified, onExpired });
  handlers.current = { onVerified, onExpired };

  useImperativeHandle(ref, () => ({
    reset: () => {
      setPayload('');
      widgetRef.current?.reset?.();
    },
  }));

  useEffect(() => {
    let cancelled = false;
    void import('altcha').then(() => {
      if (!cancelled) setLoaded(true);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    const widget = widgetRef.current;
    if (!loaded || !widget) return;
    const onStateChange = (event: Event) => {
      const detail = (event as CustomEvent<AltchaStateEvent>).detail ?? {};
      if (detail.state === 'verified' && detail.payload) {
        setPayload(detail.payload);
        handlers.current.onVerified();
      } else if (detail.state === 'expired' || detail.state === 'unverified' || detail.state === 'error') {
        setPayload('');
        handlers.current.onExpired();
      }
    };
    widget.addEventListener('statechange', onStateChange);
    return () => widget.removeEventListener('statechange', onStateChange);
  }, [loaded]);

  return (
    <div className="robot-check">
      <input type="hidden" name="altcha" value={payload} />
      {loaded ? (
        <altcha-widget ref={widgetRef} challenge="/auth/robot-check" name="altcha-widget" />
      ) : (
        <p className="robot-check-loading">Loading the robot check…</p>
      )}
    </div>
  );
});
