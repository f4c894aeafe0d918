import type { MonitorStatus } from "@upwatch/api";
import type { FailingStreak } from "./failing-streak.ts";

const LABELS: Record<MonitorStatus, string> = {
  up: "Up",
  down: "Down",
  paused: "Paused",
  pending: "Pending",
};

/**
 * A monitor's status as a coloured dot and a word, so it never relies on colour alone. A
 * monitor failing checks before its alert reads "Failing", not "Up".
 */
export function StatusBadge({
  status,
  streak,
}: {
  status: MonitorStatus;
  streak?: FailingStreak | null;
}) {
  const failing = Boolean(streak) && (status === "up" || status === "pending");
  return (
    <span className={`status-badge status-${failing ? "failing" : status}`} data-status={status}>
      <span className="status-dot" aria-hidden="true" />
      {failing ? "Failing" : LABELS[status]}
    </span>
  );
}

export function statusLabel(status: MonitorStatus): string {
  return LABELS[status];
}
