import type { IncidentStage } from "@upwatch/core";
import type { Database, StatusPageTable } from "@upwatch/db";
import type { Transaction } from "kysely";
import type { StatusNoticeKind } from "../../mail/messages/status-notice-text.ts";
import { incidentNotice } from "../../mail/messages/status-notice-text.ts";
import type { ServiceContext } from "../context.ts";
import { queueStatusNotice } from "../status-notices/queue-status-notice.ts";
import { touchStatusPage } from "../status-pages/owned-page.ts";
import {
  type ComponentChange,
  pageComponentNames,
  requirePageComponents,
  setComponentStates,
} from "./page-components.ts";

export interface UpdateFacts {
  page: StatusPageTable;
  incidentId: string;
  title: string;
  stage: IncidentStage;
  message: string;
  components: readonly ComponentChange[];
  /** Mails subscribers with this notice kind; undefined mails nobody. */
  notice: Extract<StatusNoticeKind, `incident-${string}`> | undefined;
  createdAt: number;
}

/**
 * Stores one update of an incident: the row, the components' new states, the page's version and
 * the subscribers' notice, all in the caller's transaction.
 */
export async function recordIncidentUpdate(
  trx: Transaction<Database>,
  ctx: Pick<ServiceContext, "now" | "newId">,
  facts: UpdateFacts,
): Promise<void> {
  const names = await pageComponentNames(trx, facts.page.id);
  requirePageComponents(
    "components",
    facts.components.map((change) => change.component_id),
    names,
  );
  await trx
    .insertInto("status_incident_updates")
    .values({
      id: ctx.newId("supd"),
      incident_id: facts.incidentId,
      stage: facts.stage,
      message: facts.message,
      components: JSON.stringify(
        facts.components.map(({ component_id, state }) => ({ component_id, state })),
      ),
      created_at: facts.createdAt,
    })
    .execute();
  await setComponentStates(trx, facts.page.id, facts.components, facts.createdAt);
  await touchStatusPage(trx, facts.page.id, ctx.now());
  if (!facts.notice) return;
  await queueStatusNotice(
    trx,
    ctx,
    incidentNotice(facts.notice, {
      pageId: facts.page.id,
      pageName: facts.page.name,
      title: facts.title,
      stage: facts.stage,
      message: facts.message,
      components: facts.components.map((change) => ({
        name: names.get(change.component_id) ?? "",
        state: change.state,
      })),
    }),
  );
}
