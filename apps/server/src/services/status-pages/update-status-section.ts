import type { StatusSectionTable } from "@upwatch/db";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { storeOrExplain } from "../storage-error.ts";
import { findOwnedPage, touchStatusPage } from "./owned-page.ts";
import { orderedIds, placeAt, writePositions } from "./page-order.ts";
import { findPageSection } from "./section-of-page.ts";

/** Renames a section or moves it among the page's sections. */
export async function updateStatusSection(
  ctx: ServiceContext,
  access: AccountAccess,
  pageId: string,
  sectionId: string,
  input: { name?: string | undefined; position?: number | undefined },
): Promise<StatusSectionTable> {
  const now = ctx.now();
  return storeOrExplain("the section", () =>
    ctx.db.transaction().execute(async (trx) => {
      await findOwnedPage(trx, access, pageId);
      await findPageSection(trx, pageId, sectionId);
      if (input.name !== undefined) {
        await trx
          .updateTable("status_sections")
          .set({ name: input.name })
          .where("id", "=", sectionId)
          .execute();
      }
      if (input.position !== undefined) {
        const ids = await orderedIds(trx, "status_sections", pageId);
        await writePositions(trx, "status_sections", placeAt(ids, sectionId, input.position));
      }
      await touchStatusPage(trx, pageId, now);
      return findPageSection(trx, pageId, sectionId);
    }),
  );
}
