import { useQuery } from "@tanstack/react-query";
import { getPlan } from "@upwatch/core";
import { Link } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { accountPlan } from "../../signed-in/account-plan.ts";
import { AgentTable } from "../../signed-in/agents/agent-table.tsx";
import agentsCss from "../../signed-in/agents/agents.css?url";
import { agentsQuery } from "../../signed-in/agents/agents-api.ts";
import { plansWithAgentsText } from "../../signed-in/agents/plans-with-agents.ts";
import { APP_BASE, problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { ExtrasOffer } from "../../signed-in/billing/extras-offer.tsx";
import { accountQuery } from "../../signed-in/cache/queries.ts";
import { useMinuteTick } from "../../signed-in/monitors/use-minute-tick.ts";
import { useCan, useSession } from "../../signed-in/session.tsx";
import { EmptyState } from "../../signed-in/ui/empty-state.tsx";
import { LoadError } from "../../signed-in/ui/load-error.tsx";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";
import { Skeleton } from "../../signed-in/ui/skeleton.tsx";

export const links = () => [stylesheet(agentsCss)];

export function meta() {
  return appMeta("Agents");
}

const PRICING = "/knowledge-base/pricing";
const GUIDE = "/knowledge-base/monitoring-agents";

/** Agents: the servers that report their health from the inside, and adding one. */
export default function Agents() {
  const { account } = useSession();
  const answer = useQuery(accountQuery());
  const plan = answer.data ? accountPlan(answer.data) : getPlan(account.plan);
  const limit = plan.limits.agents;
  const agents = useQuery({ ...agentsQuery(), enabled: limit !== 0 });
  useMinuteTick();
  const list = agents.data?.data ?? [];
  const full = limit !== null && list.length >= limit;
  const mayManage = useCan()("agents.manage");
  const add = mayManage ? (
    <Link to={`${APP_BASE}/agents/new`} className="button button-primary">
      Add agent
    </Link>
  ) : undefined;
  return (
    <>
      <PageHeader
        title="Agents"
        description="Small programs on your servers that report CPU, memory, disks, network, load and services from the inside."
        actions={list.length > 0 && !full ? add : undefined}
      />
      {limit === 0 ? (
        <EmptyState title={`No agents on the ${plan.name} plan`}>
          <p>
            Agents are part of {plansWithAgentsText()}. An agent runs on your server and reports its
            CPU, memory, disks, network, load and services, so you are alerted before a full disk or
            a stopped service takes a site down. <Link to={PRICING}>Compare the plans</Link> or{" "}
            <Link to={GUIDE}>read about agents</Link>.
          </p>
        </EmptyState>
      ) : (
        <>
          {agents.isPending ? <Skeleton lines={3} label="Loading agents" /> : null}
          {agents.isError ? (
            <LoadError message={problemText(agents.error)} onRetry={() => void agents.refetch()} />
          ) : null}
          {agents.isSuccess && list.length === 0 && !mayManage ? (
            <EmptyState title="No agents yet.">
              <p>Agents added to this account will show here.</p>
            </EmptyState>
          ) : null}
          {agents.isSuccess && list.length === 0 && mayManage ? (
            <EmptyState title="No agents yet" action={add}>
              <p>
                An agent is a small program you install on a server. Every minute it reports the
                server's CPU, memory, disks, network, load and the services you list, and Upwatch
                alerts you when a threshold is crossed or the agent stops reporting.{" "}
                <Link to={GUIDE}>Read about agents</Link>.
              </p>
            </EmptyState>
          ) : null}
          {list.length > 0 ? <AgentTable agents={list} /> : null}
          {full && mayManage && list.length > 0 ? (
            <p className="app-notice">
              The {plan.name} plan has {limit} {limit === 1 ? "agent" : "agents"}, all in use.
              Delete one to add another, or <Link to={PRICING}>compare the plans</Link>.
            </p>
          ) : null}
          {full && mayManage && list.length > 0 ? <ExtrasOffer kind="agents" /> : null}
        </>
      )}
    </>
  );
}
