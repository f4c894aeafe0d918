import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, Outlet, useOutletContext, useParams } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { AgentHeader } from "../../signed-in/agents/agent-header.tsx";
import agentsCss from "../../signed-in/agents/agents.css?url";
import { type AgentDetail, agentKeys, agentQuery } from "../../signed-in/agents/agents-api.ts";
import alertsCss from "../../signed-in/alerts/alerts.css?url";
import { APP_BASE, ApiError, problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { useLiveEvents } from "../../signed-in/live-events.ts";
import detailCss from "../../signed-in/monitor-detail/monitor-detail.css?url";
import monitorsCss from "../../signed-in/monitors/monitors.css?url";
import { useMinuteTick } from "../../signed-in/monitors/use-minute-tick.ts";
import { LoadError } from "../../signed-in/ui/load-error.tsx";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";
import { type SectionTab, SectionTabs } from "../../signed-in/ui/section-tabs.tsx";
import { Skeleton } from "../../signed-in/ui/skeleton.tsx";

export const links = () => [
  stylesheet(monitorsCss),
  stylesheet(detailCss),
  stylesheet(alertsCss),
  stylesheet(agentsCss),
];

export function meta() {
  return appMeta("Agent");
}

const BACK = <Link to={`${APP_BASE}/agents`}>Back to agents</Link>;

const TABS = [
  { to: "", label: "Overview", end: true },
  { to: "charts", label: "Charts", end: false },
  { to: "services", label: "Services", end: false },
  { to: "tasks", label: "Tasks", end: false },
  { to: "alerts", label: "Alerts", end: false },
  { to: "settings", label: "Settings", end: false, permission: "agents.manage" },
] as const satisfies readonly SectionTab[];

/** What the screens inside an agent's page read: the agent, as last loaded. */
export interface AgentContext {
  agent: AgentDetail;
}

/** The agent a screen inside its page belongs to. */
export function useAgent(): AgentDetail {
  return useOutletContext<AgentContext>().agent;
}

/**
 * One agent: its status and machine, its tabs, and the tab's screen. Its data is read again
 * every 30 seconds while shown, and at once when one of its alerts opens or changes.
 */
export default function AgentLayout() {
  const { id = "" } = useParams();
  const client = useQueryClient();
  const agent = useQuery(agentQuery(id));
  useMinuteTick();
  useLiveEvents((event) => {
    if (event.type === "alert" && event.alert.agent_id === id) {
      void client.invalidateQueries({ queryKey: agentKeys.agent(id) });
    }
  });
  if (agent.isPending) return <Skeleton lines={4} label="Loading the agent" />;
  if (agent.isError) {
    const missing = agent.error instanceof ApiError && agent.error.status === 404;
    return (
      <>
        <PageHeader title={missing ? "No such agent" : "Agent"} back={BACK} />
        <LoadError message={problemText(agent.error)} onRetry={() => void agent.refetch()} />
      </>
    );
  }
  const base = `${APP_BASE}/agents/${encodeURIComponent(agent.data.id)}`;
  return (
    <>
      <PageHeader title={agent.data.name} back={BACK} />
      <AgentHeader agent={agent.data} />
      <SectionTabs label="Agent sections" base={base} tabs={TABS} />
      <Outlet context={{ agent: agent.data } satisfies AgentContext} />
    </>
  );
}
