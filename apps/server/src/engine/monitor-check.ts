import type { ScheduledCheck } from "@upwatch/checks";
import {
  type CheckSpec,
  type MultiStepOptions,
  multiStepRunLimitMs,
  secureReferences,
} from "@upwatch/core";
import type { Monitor } from "../records/monitor-record.ts";

/** Reads the plain values of an account's secure variables by name. */
export type SecureValueLoader = (
  accountId: string,
  names: readonly string[],
) => Promise<Record<string, string>>;

/**
 * What the scheduler runs for a monitor. A multi-step check carries the values of the secure
 * variables it refers to (in memory and in its jobs only) and the limit of its whole run.
 */
export function scheduledCheckOf(
  monitor: Monitor,
  secureValues: Record<string, string> = {},
): ScheduledCheck {
  const spec = {
    type: monitor.type,
    target: monitor.target,
    timeoutMs: monitor.timeout_seconds * 1000,
    options: monitor.options,
  } as CheckSpec;
  if (spec.type === "multi_step") {
    spec.secureValues = secureValues;
    spec.runLimitMs = multiStepRunLimitMs(monitor.interval_seconds);
  }
  return { id: monitor.id, intervalMs: monitor.interval_seconds * 1000, spec };
}

/** How long a round of the monitor may take before its regions' results are due. */
export function roundTimeLimitMs(check: ScheduledCheck): number {
  return check.spec.runLimitMs ?? check.spec.timeoutMs;
}

/** Whether the monitor's check refers to secure variables, whose values must be read first. */
export function needsSecureValues(monitor: Monitor): boolean {
  const type: string = monitor.type;
  if (type !== "multi_step") return false;
  return secureReferences(monitor.options as unknown as MultiStepOptions).length > 0;
}

/**
 * The secure values each multi-step monitor needs, read once per account for a batch of
 * monitors. Monitors of other types, or without secure references, get none.
 */
export async function secureValuesOf(
  monitors: readonly Monitor[],
  load: SecureValueLoader,
): Promise<Map<string, Record<string, string>>> {
  const wanted = new Map<string, { monitor: Monitor; names: string[] }[]>();
  for (const monitor of monitors) {
    if (!needsSecureValues(monitor)) continue;
    const names = secureReferences(monitor.options as unknown as MultiStepOptions);
    const list = wanted.get(monitor.account_id) ?? [];
    list.push({ monitor, names });
    wanted.set(monitor.account_id, list);
  }
  const values = new Map<string, Record<string, string>>();
  for (const [accountId, list] of wanted) {
    const all = await load(accountId, [...new Set(list.flatMap((entry) => entry.names))]);
    for (const { monitor, names } of list) {
      const own: Record<string, string> = {};
      for (const name of names) if (all[name] !== undefined) own[name] = all[name];
      values.set(monitor.id, own);
    }
  }
  return values;
}
