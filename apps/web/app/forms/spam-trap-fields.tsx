import { useEffect, useRef } from "react";

/** Reads how long the form has been open, in whole milliseconds. */
export type ElapsedClock = () => number;

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

/** The spam-trap values of a form, filling in the elapsed time for a plain (non-script) post too. */
export function readSpamTrap(form: HTMLFormElement, elapsed: ElapsedClock) {
  const elapsedMs = elapsed();
  const hidden = form.elements.namedItem("elapsedMs");
  if (hidden instanceof HTMLInputElement) hidden.value = String(elapsedMs);
  const honeypot = form.elements.namedItem("website");
  const website = honeypot instanceof HTMLInputElement ? honeypot.value : "";
  return { website, elapsedMs };
}
