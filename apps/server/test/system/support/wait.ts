/** Sleeps for `ms` milliseconds. */
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Thrown by a probe to stop waiting at once: what it waits for can no longer happen. */
export class GiveUp extends Error {}

/**
 * Asks `probe` every `everyMs` until it answers something other than undefined, and answers
 * that; fails naming `what` when `timeoutMs` passes first.
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  { timeoutMs, everyMs = 500 }: { timeoutMs: number; everyMs?: number },
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      if (error instanceof GiveUp) throw error;
      lastError = error;
    }
    await pause(everyMs);
  }
  const cause = lastError ? ` (last error: ${String(lastError)})` : "";
  throw new Error(`Waited ${Math.round(timeoutMs / 1000)} s for ${what}, in vain${cause}.`);
}
