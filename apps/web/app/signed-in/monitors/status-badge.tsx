import type { MonitorStatus } from "@upwatch/api";

const LABELS: Record<MonitorStatus, string> = {
  up: "Up",
  down: "Down",
  paused: "Paused",
  pending: "Pending",
};

/** A monitor's status as a coloured dot and a word, so it never relies on colour alone. */
export function StatusBadge({ status }: { status: MonitorStatus }) {
  return (
    <span className={`status-badge status-${status}`} data-status={status}>
      <span className="status-dot" aria-hidden="true" />
      {LABELS[status]}
    </span>
  );
}

export function statusLabel(status: MonitorStatus): string {
  return LABELS[status];
}
