import type { AgentDependencyTable, DependencyTable } from "@upwatch/db";

/** A dependency as the API shows it: a monitor's or an agent's on a parent monitor. */
export interface DependencyView {
  id: string;
  child_monitor_id: string | null;
  child_agent_id: string | null;
  parent_monitor_id: string;
  created_at: number;
}

export function viewDependency(row: DependencyTable): DependencyView {
  return {
    id: row.id,
    child_monitor_id: row.child_monitor_id,
    child_agent_id: null,
    parent_monitor_id: row.parent_monitor_id,
    created_at: row.created_at,
  };
}

export function viewAgentDependency(row: AgentDependencyTable): DependencyView {
  return {
    id: row.id,
    child_monitor_id: null,
    child_agent_id: row.agent_id,
    parent_monitor_id: row.parent_monitor_id,
    created_at: row.created_at,
  };
}
