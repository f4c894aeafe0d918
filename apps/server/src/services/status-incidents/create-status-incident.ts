import type { statusPageRequestSchemas } from "@upwatch/api";
import type { z } from "zod";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { findOwnedPage } from "../status-pages/owned-page.ts";
import { storeOrExplain } from "../storage-error.ts";
import { type IncidentView, loadIncident } from "./incident-view.ts";
import { recordIncidentUpdate } from "./record-incident-update.ts";

export type CreateIncidentInput = z.output<typeof statusPageRequestSchemas.createIncident>;

/** How far back an incident's start may be dated. */
export const BACKDATE_LIMIT_MS = 90 * 86_400_000;

/** Opens an incident with its first update, setting the named components' states. */
export async function createStatusIncident(
  ctx: ServiceContext,
  access: Pick<AccountAccess, "accountId">,
  pageId: string,
  input: CreateIncidentInput,
): Promise<IncidentView> {
  return storeOrExplain("the incident", () =>
    ctx.transact(async (trx) => {
      const page = await findOwnedPage(trx, access, pageId);
      const now = ctx.now();
      const startedAt = startTime(input.started_at, now);
      const stage = input.stage ?? "investigating";
      const id = ctx.newId("inc");
      await trx
        .insertInto("status_incidents")
        .values({
          id,
          page_id: page.id,
          title: input.title,
          stage,
          started_at: startedAt,
          resolved_at: stage === "resolved" ? now : null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await recordIncidentUpdate(trx, ctx, {
        page,
        incidentId: id,
        title: input.title,
        stage,
        message: input.message,
        components: input.components ?? [],
        notice: input.notify_subscribers === false ? undefined : "incident-opened",
        createdAt: now,
      });
      return loadIncident(trx, page.id, id);
    }),
  );
}

function startTime(iso: string | undefined, now: number): number {
  if (iso === undefined) return now;
  const at = Date.parse(iso);
  if (at > now) throw new ServiceError("invalid", "started_at cannot be in the future.");
  if (at < now - BACKDATE_LIMIT_MS) {
    throw new ServiceError("invalid", "started_at can be at most 90 days ago.");
  }
  return at;
}
