import type { DependencyTable } from "@upwatch/db";

/** A dependency as the API shows it. */
export interface DependencyView {
  id: string;
  child_monitor_id: string;
  parent_monitor_id: string;
  created_at: number;
}

export function viewDependency(row: DependencyTable): DependencyView {
  return {
    id: row.id,
    child_monitor_id: row.child_monitor_id,
    parent_monitor_id: row.parent_monitor_id,
    created_at: row.created_at,
  };
}
