import { INCIDENT_CURSOR, type statusPageRequestSchemas } from "@upwatch/api";
import type { z } from "zod";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { findOwnedPage } from "../status-pages/owned-page.ts";
import { type IncidentView, loadIncident, viewIncidents } from "./incident-view.ts";

export type IncidentsQuery = z.output<typeof statusPageRequestSchemas.incidentsQuery>;

/**
 * The page's incidents, newest start first, a page at a time. `nextBefore` names the last one
 * shown by its start and id, so incidents that share a start time are never skipped or repeated.
 */
export async function listStatusIncidents(
  ctx: ServiceContext,
  access: Pick<AccountAccess, "accountId">,
  pageId: string,
  query: IncidentsQuery,
): Promise<{ incidents: IncidentView[]; nextBefore: string | null }> {
  const page = await findOwnedPage(ctx.db, access, pageId);
  let select = ctx.db
    .selectFrom("status_incidents")
    .selectAll()
    .where("page_id", "=", page.id)
    .orderBy("started_at", "desc")
    .orderBy("id", "desc")
    .limit(query.limit + 1);
  if (query.state === "open") select = select.where("resolved_at", "is", null);
  if (query.state === "resolved") select = select.where("resolved_at", "is not", null);
  const cursor = query.before?.match(INCIDENT_CURSOR);
  if (cursor) {
    const startedAt = Number(cursor[1]);
    const id = cursor[2] as string;
    select = select.where((eb) =>
      eb.or([
        eb("started_at", "<", startedAt),
        eb.and([eb("started_at", "=", startedAt), eb("id", "<", id)]),
      ]),
    );
  }
  const rows = await select.execute();
  const shown = rows.slice(0, query.limit);
  const more = rows.length > query.limit;
  const last = shown.at(-1);
  return {
    incidents: await viewIncidents(ctx.db, page.id, shown),
    nextBefore: more && last ? `${Number(last.started_at)}.${last.id}` : null,
  };
}

/** One incident of the account's page, with its updates. */
export async function getStatusIncident(
  ctx: ServiceContext,
  access: Pick<AccountAccess, "accountId">,
  ids: { pageId: string; incidentId: string },
): Promise<IncidentView> {
  const page = await findOwnedPage(ctx.db, access, ids.pageId);
  return loadIncident(ctx.db, page.id, ids.incidentId);
}
