import type { ComponentState } from "@upwatch/core";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { NotFoundError } from "../service-error.ts";

/** A component a monitor is linked to, with the page it is on. */
export interface MonitorStatusComponent {
  pageId: string;
  pageName: string;
  componentId: string;
  componentName: string;
  state: ComponentState;
}

/** The status page components the account's monitor is linked to, by page then page order. */
export async function listMonitorStatusComponents(
  ctx: ServiceContext,
  access: Pick<AccountAccess, "accountId">,
  monitorId: string,
): Promise<MonitorStatusComponent[]> {
  const monitor = await ctx.db
    .selectFrom("monitors")
    .select("id")
    .where("id", "=", monitorId)
    .where("account_id", "=", access.accountId)
    .executeTakeFirst();
  if (!monitor) throw new NotFoundError("monitor");
  const rows = await ctx.db
    .selectFrom("status_component_monitors as cm")
    .innerJoin("status_components as c", "c.id", "cm.component_id")
    .innerJoin("status_pages as p", "p.id", "c.page_id")
    .select(["p.id as page_id", "p.name as page_name", "c.id", "c.name", "c.state"])
    .where("cm.monitor_id", "=", monitorId)
    .where("p.account_id", "=", access.accountId)
    .orderBy("p.created_at")
    .orderBy("p.id")
    .orderBy("c.position")
    .execute();
  return rows.map((row) => ({
    pageId: row.page_id,
    pageName: row.page_name,
    componentId: row.id,
    componentName: row.name,
    state: row.state as ComponentState,
  }));
}
