import type { statusPageRequestSchemas } from "@upwatch/api";
import { STATUS_PAGE_LIMITS } from "@upwatch/core";
import type { z } from "zod";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { findOwnedPage } from "../status-pages/owned-page.ts";
import { storeOrExplain } from "../storage-error.ts";
import { type IncidentView, loadIncident } from "./incident-view.ts";
import { recordIncidentUpdate } from "./record-incident-update.ts";

export type PostUpdateInput = z.output<typeof statusPageRequestSchemas.postUpdate>;

/**
 * Posts an update to an incident. Resolved stamps `resolved_at` when the incident was open (a
 * later Resolved addendum keeps the first stamp); any other stage reopens a resolved incident.
 */
export async function postStatusIncidentUpdate(
  ctx: ServiceContext,
  access: Pick<AccountAccess, "accountId">,
  ids: { pageId: string; incidentId: string },
  input: PostUpdateInput,
): Promise<IncidentView> {
  return storeOrExplain("the update", () =>
    ctx.transact(async (trx) => {
      const page = await findOwnedPage(trx, access, ids.pageId);
      const { incident, updates } = await loadIncident(trx, page.id, ids.incidentId);
      if (updates.length >= STATUS_PAGE_LIMITS.updatesPerIncident) {
        throw new ServiceError(
          "invalid",
          `An incident can have at most ${STATUS_PAGE_LIMITS.updatesPerIncident} updates; open a new incident to tell more.`,
        );
      }
      const now = ctx.now();
      // Updates keep the order they were posted in even when two arrive in the same millisecond.
      const createdAt = Math.max(now, (updates[0]?.createdAt ?? 0) + 1);
      const wasResolved = incident.resolved_at !== null;
      const resolves = input.stage === "resolved";
      const resolvedAt = resolves ? (incident.resolved_at ?? createdAt) : null;
      await trx
        .updateTable("status_incidents")
        .set({ stage: input.stage, resolved_at: resolvedAt, updated_at: now })
        .where("id", "=", incident.id)
        .execute();
      await recordIncidentUpdate(trx, ctx, {
        page,
        incidentId: incident.id,
        title: incident.title,
        stage: input.stage,
        message: input.message,
        components: input.components ?? [],
        notice:
          input.notify_subscribers === false
            ? undefined
            : resolves && !wasResolved
              ? "incident-resolved"
              : "incident-updated",
        createdAt,
      });
      return loadIncident(trx, page.id, incident.id);
    }),
  );
}
