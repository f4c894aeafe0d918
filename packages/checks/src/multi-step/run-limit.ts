/** How much longer than its limit a run may take to report its steps after being stopped. */
export const RUN_LIMIT_GRACE_MS = 1000;

/** The sentence for a run stopped at its limit. */
export function runLimitSentence(limitMs: number): string {
  const seconds = Math.round((limitMs / 1000) * 100) / 100;
  return `The run took longer than its limit of ${seconds} second${seconds === 1 ? "" : "s"}.`;
}
