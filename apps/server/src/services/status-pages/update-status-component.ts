import type { StatusComponentTable } from "@upwatch/db";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { storeOrExplain } from "../storage-error.ts";
import { enforceOwnMonitors, linkMonitors, stateFromMonitors } from "./component-monitors.ts";
import { type ComponentRecord, loadComponentRecord } from "./component-record.ts";
import type { ComponentInput } from "./create-status-component.ts";
import { findPageComponent } from "./find-page-component.ts";
import { findOwnedPage, touchStatusPage } from "./owned-page.ts";
import { orderedIds, placeAt, writePositions } from "./page-order.ts";
import { enforcePageSection } from "./section-of-page.ts";

/**
 * Changes a component; fields left out keep their values. A state set by hand on a component
 * that follows its monitors stands until its monitors next change; turning following on takes
 * their state at once.
 */
export async function updateStatusComponent(
  ctx: ServiceContext,
  access: AccountAccess,
  pageId: string,
  componentId: string,
  input: Partial<ComponentInput>,
): Promise<ComponentRecord> {
  const now = ctx.now();
  await storeOrExplain("the component", () =>
    ctx.db.transaction().execute(async (trx) => {
      await findOwnedPage(trx, access, pageId);
      const current = await findPageComponent(trx, pageId, componentId);
      await enforcePageSection(trx, pageId, input.section_id);
      if (input.monitor_ids) {
        await enforceOwnMonitors(trx, access.accountId, input.monitor_ids);
        await linkMonitors(trx, componentId, input.monitor_ids);
      }
      const changes = changedColumns(current, input, now);
      if (input.follow_monitors === true && input.state === undefined) {
        const followed = await stateFromMonitors(trx, componentId);
        if (followed && followed !== current.state) {
          changes.state = followed;
          changes.state_changed_at = now;
        }
      }
      await trx
        .updateTable("status_components")
        .set(changes)
        .where("id", "=", componentId)
        .execute();
      if (input.position !== undefined) {
        const ids = await orderedIds(trx, "status_components", pageId);
        await writePositions(trx, "status_components", placeAt(ids, componentId, input.position));
      }
      await touchStatusPage(trx, pageId, now);
    }),
  );
  return loadComponentRecord(ctx.db, pageId, componentId, now);
}

function changedColumns(
  current: StatusComponentTable,
  input: Partial<ComponentInput>,
  now: number,
): Partial<StatusComponentTable> {
  const changes: Partial<StatusComponentTable> = { updated_at: now };
  if (input.name !== undefined) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description;
  if (input.section_id !== undefined) changes.section_id = input.section_id;
  if (input.follow_monitors !== undefined) changes.follow_monitors = input.follow_monitors ? 1 : 0;
  if (input.state !== undefined && input.state !== current.state) {
    changes.state = input.state;
    changes.state_changed_at = now;
  }
  return changes;
}
