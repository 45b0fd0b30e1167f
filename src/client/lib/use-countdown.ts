import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left until a deadline, ticking down to 0 (the 30 s resend timer, portal.md §4.2).
 * Counts from the clock rather than from ticks, so a throttled background tab stays right.
 */
export function useCountdown(): { secondsLeft: number; start(seconds: number): void; reset(): void } {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);

  useEffect(() => {
    if (deadline === null) return undefined;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) setDeadline(null);
    };
    tick();
    const id = setInterval(tick, 250);
    return () => clearInterval(id);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    setSecondsLeft(seconds);
    setDeadline(Date.now() + seconds * 1000);
  }, []);
  const reset = useCallback(() => {
    setDeadline(null);
    setSecondsLeft(0);
  }, []);

  return { secondsLeft, start, reset };
}
