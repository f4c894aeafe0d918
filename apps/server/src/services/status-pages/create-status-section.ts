import { STATUS_PAGE_LIMITS } from "@upwatch/core";
import type { StatusSectionTable } from "@upwatch/db";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { findOwnedPage, touchStatusPage } from "./owned-page.ts";
import { orderedIds, placeAt, writePositions } from "./page-order.ts";

/** Adds a section to a page, at `position` among its sections or after the last. */
export async function createStatusSection(
  ctx: ServiceContext,
  access: AccountAccess,
  pageId: string,
  input: { name: string; position?: number | undefined },
): Promise<StatusSectionTable> {
  const id = ctx.newId("sps");
  const now = ctx.now();
  return storeOrExplain("the section", () =>
    ctx.db.transaction().execute(async (trx) => {
      await findOwnedPage(trx, access, pageId);
      const ids = await orderedIds(trx, "status_sections", pageId);
      if (ids.length >= STATUS_PAGE_LIMITS.sectionsPerPage) {
        throw new ServiceError(
          "invalid",
          `A status page can have at most ${STATUS_PAGE_LIMITS.sectionsPerPage} sections.`,
        );
      }
      const order = placeAt(ids, id, input.position);
      const section = { id, page_id: pageId, name: input.name, position: order.indexOf(id) };
      await trx.insertInto("status_sections").values(section).execute();
      await writePositions(trx, "status_sections", order);
      await touchStatusPage(trx, pageId, now);
      return section;
    }),
  );
}
