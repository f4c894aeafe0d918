import { useEffect, useRef } from "react";
import type { ElapsedClock } from "./spam-trap.ts";

/** Starts a clock when the form appears on screen. */
export function useFormClock(): ElapsedClock {
  const openedAt = useRef<number | undefined>(undefined);
  useEffect(() => {
    openedAt.current = performance.now();
  }, []);
  return () => Math.round(performance.now() - (openedAt.current ?? performance.now()));
}

/**
 * The honeypot a person never sees or fills, and the time the form was open. The server refuses
 * a filled honeypot and treats an instant submission as a robot's.
 */
export function SpamTrapFields() {
  return (
    <div className="spam-trap" aria-hidden="true">
      <label>
        Leave this field empty
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
      <input type="hidden" name="elapsedMs" defaultValue="" />
    </div>
  );
}
