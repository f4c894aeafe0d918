import { type ComponentState, STATUS_PAGE_LIMITS } from "@upwatch/core";
import type { Database, StatusComponentTable } from "@upwatch/db";
import type { Transaction } from "kysely";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { enforceOwnMonitors, linkMonitors, stateFromMonitors } from "./component-monitors.ts";
import { type ComponentRecord, loadComponentRecord } from "./component-record.ts";
import { findOwnedPage, touchStatusPage } from "./owned-page.ts";
import { orderedIds, placeAt, writePositions } from "./page-order.ts";
import { enforcePageSection } from "./section-of-page.ts";

/** A component's fields as the API's schema validated them. */
export interface ComponentInput {
  name: string;
  description?: string | undefined;
  section_id?: string | null | undefined;
  position?: number | undefined;
  state?: ComponentState | undefined;
  follow_monitors?: boolean | undefined;
  monitor_ids?: string[] | undefined;
}

/** Adds a component to a page, at `position` or after the last, linked to the account's monitors. */
export async function createStatusComponent(
  ctx: ServiceContext,
  access: AccountAccess,
  pageId: string,
  input: ComponentInput,
): Promise<ComponentRecord> {
  const id = ctx.newId("spc");
  const now = ctx.now();
  await storeOrExplain("the component", () =>
    ctx.db.transaction().execute(async (trx) => {
      await findOwnedPage(trx, access, pageId);
      await enforcePageSection(trx, pageId, input.section_id);
      await enforceOwnMonitors(trx, access.accountId, input.monitor_ids ?? []);
      const order = placeAt(await componentsWithRoom(trx, pageId), id, input.position);
      const row = newComponentRow(id, pageId, input, order.indexOf(id), now);
      await trx.insertInto("status_components").values(row).execute();
      await linkMonitors(trx, id, input.monitor_ids ?? []);
      const followed = row.follow_monitors === 1 && input.state === undefined;
      const state = followed ? await stateFromMonitors(trx, id) : undefined;
      if (state) {
        await trx.updateTable("status_components").set({ state }).where("id", "=", id).execute();
      }
      await writePositions(trx, "status_components", order);
      await touchStatusPage(trx, pageId, now);
    }),
  );
  return loadComponentRecord(ctx.db, pageId, id, now);
}

async function componentsWithRoom(trx: Transaction<Database>, pageId: string): Promise<string[]> {
  const ids = await orderedIds(trx, "status_components", pageId);
  if (ids.length >= STATUS_PAGE_LIMITS.componentsPerPage) {
    throw new ServiceError(
      "invalid",
      `A status page can have at most ${STATUS_PAGE_LIMITS.componentsPerPage} components.`,
    );
  }
  return ids;
}

function newComponentRow(
  id: string,
  pageId: string,
  input: ComponentInput,
  position: number,
  now: number,
): StatusComponentTable {
  return {
    id,
    page_id: pageId,
    section_id: input.section_id ?? null,
    name: input.name,
    description: input.description ?? "",
    position,
    state: input.state ?? "operational",
    follow_monitors: input.follow_monitors ? 1 : 0,
    state_changed_at: now,
    created_at: now,
    updated_at: now,
  };
}
