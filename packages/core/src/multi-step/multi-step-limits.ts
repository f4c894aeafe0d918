/** The bounds of a multi-step check, shared by validation, the runner and the documentation. */
export const MULTI_STEP_LIMITS = {
  maxSteps: 25,
  maxVariables: 50,
  maxVariableBytes: 4096,
  maxBodyBytes: 65_536,
  maxWaitSeconds: 30,
  maxScriptBytes: 16_384,
  /** A script step is stopped after this long. */
  scriptTimeoutMs: 1000,
  /** A script step is stopped when its heap grows past this. */
  scriptMemoryBytes: 16 * 1024 * 1024,
  /** A whole run is stopped after this long, or after its interval when that is shorter. */
  runLimitSeconds: 120,
} as const;

/** How long one run of a multi-step check may take in all, in milliseconds. */
export function multiStepRunLimitMs(intervalSeconds: number): number {
  return Math.min(intervalSeconds, MULTI_STEP_LIMITS.runLimitSeconds) * 1000;
}

const encoder = new TextEncoder();

/** The size of a text in UTF-8 bytes; works in the browser as well as in Node. */
export function utf8Bytes(text: string): number {
  return encoder.encode(text).length;
}
