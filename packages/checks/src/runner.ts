import type { CheckOutcome, CheckSpecOf, ScheduledCheckType } from "@upwatch/core";
import type { NetworkAccess } from "./network/network-access.ts";

/** What a runner is given besides the check itself. */
export interface CheckContext {
  network: NetworkAccess;
  /** Aborted when the check's timeout passes; runners close their sockets then. */
  signal: AbortSignal;
  /** Wall-clock time in epoch milliseconds. */
  now(): number;
}

/** Performs one type of check. Throwing a CheckError makes the check down with its message. */
export interface CheckRunner<K extends ScheduledCheckType> {
  run(spec: CheckSpecOf<K>, context: CheckContext): Promise<CheckOutcome>;
}

/** Milliseconds rounded to two decimals, so results stay readable. */
export function roundMs(value: number): number {
  return Math.round(value * 100) / 100;
}
