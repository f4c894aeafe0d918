/** Reads how long the form has been open, in whole milliseconds. */
export type ElapsedClock = () => number;

/** A clock that starts now. */
export function startFormClock(): ElapsedClock {
  const openedAt = performance.now();
  return () => Math.round(performance.now() - openedAt);
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

/** What a form sends besides its own fields: the honeypot and the time it was open. */
export type SpamTrap = ReturnType<typeof readSpamTrap>;
