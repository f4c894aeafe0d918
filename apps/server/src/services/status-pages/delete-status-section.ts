import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { storeOrExplain } from "../storage-error.ts";
import { findOwnedPage, touchStatusPage } from "./owned-page.ts";
import { orderedIds, writePositions } from "./page-order.ts";
import { findPageSection } from "./section-of-page.ts";

/** Removes a section; its components stay on the page, outside any section. */
export async function deleteStatusSection(
  ctx: ServiceContext,
  access: AccountAccess,
  pageId: string,
  sectionId: string,
): Promise<void> {
  const now = ctx.now();
  await storeOrExplain("the change", () =>
    ctx.db.transaction().execute(async (trx) => {
      await findOwnedPage(trx, access, pageId);
      await findPageSection(trx, pageId, sectionId);
      // Set explicitly: the foreign key's ON DELETE SET NULL is not relied on in every dialect.
      await trx
        .updateTable("status_components")
        .set({ section_id: null })
        .where("section_id", "=", sectionId)
        .execute();
      await trx.deleteFrom("status_sections").where("id", "=", sectionId).execute();
      await writePositions(
        trx,
        "status_sections",
        await orderedIds(trx, "status_sections", pageId),
      );
      await touchStatusPage(trx, pageId, now);
    }),
  );
}
