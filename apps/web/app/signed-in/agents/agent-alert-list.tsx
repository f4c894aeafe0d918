import { useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertItem } from "../alerts/alert-item.tsx";
import { problemText } from "../api-client.ts";
import { LoadError } from "../ui/load-error.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { agentAlertsQuery, agentKeys } from "./agents-api.ts";

/** The agent's alerts, newest first, acknowledged or resolved here as on the Alerts screen. */
export function AgentAlertList({ agentId }: { agentId: string }) {
  const alerts = useQuery(agentAlertsQuery(agentId));
  const client = useQueryClient();
  if (alerts.isPending) return <Skeleton lines={3} label="Loading the alerts" />;
  if (alerts.isError) {
    return <LoadError message={problemText(alerts.error)} onRetry={() => void alerts.refetch()} />;
  }
  if (alerts.data.data.length === 0) {
    return (
      <p className="app-muted">
        No alerts for this agent. One opens when it stops reporting or a rule's condition holds.
      </p>
    );
  }
  return (
    <ul className="alert-list" aria-label="Alerts of this agent">
      {alerts.data.data.map((alert) => (
        <AlertItem
          key={alert.id}
          alert={alert}
          onChange={() => void client.invalidateQueries({ queryKey: agentKeys.agent(agentId) })}
        />
      ))}
    </ul>
  );
}
