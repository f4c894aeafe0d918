import { useQuery, useQueryClient } from "@tanstack/react-query";
import { problemText } from "../api-client.ts";
import { dependenciesQuery, monitorsQuery, queryKeys } from "../cache/queries.ts";
import { ParentDependencies } from "../dependencies/parent-dependencies.tsx";

/**
 * The monitors this agent depends on: while every one of them is down, the agent's alerts are
 * held back (a router down makes every server behind it go silent).
 */
export function AgentDependencies({ agentId }: { agentId: string }) {
  const client = useQueryClient();
  const dependencies = useQuery(dependenciesQuery());
  const monitors = useQuery(monitorsQuery());
  const names = new Map((monitors.data?.data ?? []).map((item) => [item.id, item.name]));
  const parents = (dependencies.data?.data ?? []).filter((edge) => edge.child_agent_id === agentId);
  const choices = (monitors.data?.data ?? []).filter(
    (item) => !parents.some((edge) => edge.parent_monitor_id === item.id),
  );

  if (dependencies.isError) return <p role="alert">{problemText(dependencies.error)}</p>;
  return (
    <div className="dependencies">
      <ParentDependencies
        child={{ type: "agent", id: agentId }}
        parents={parents}
        choices={choices}
        names={names}
        idPrefix="agent-dependency"
        noneText="This agent depends on no monitor."
        missingText="Choose the monitor this agent depends on."
        onChanged={() => client.invalidateQueries({ queryKey: queryKeys.dependencies })}
      />
    </div>
  );
}
