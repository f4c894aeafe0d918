import type { AgentStatus } from "@upwatch/core";

const SHOWN: Record<AgentStatus, { icon: string; label: string }> = {
  online: { icon: "✔", label: "Online" },
  offline: { icon: "✖", label: "Offline" },
  waiting: { icon: "◷", label: "Waiting for first report" },
};

/** An agent's status as an icon and words, so it never relies on colour alone. */
export function AgentStatusBadge({ status }: { status: AgentStatus }) {
  const shown = SHOWN[status];
  return (
    <span className="agent-status" data-status={status}>
      <span className="agent-status-icon" aria-hidden="true">
        {shown.icon}
      </span>
      {shown.label}
    </span>
  );
}

/** The status in words, for sentences and summaries. */
export function agentStatusLabel(status: AgentStatus): string {
  return SHOWN[status].label;
}
