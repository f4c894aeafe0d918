import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { loadPageLayout, type PageLayout } from "./component-record.ts";
import { findOwnedPage, touchStatusPage } from "./owned-page.ts";
import { orderedIds, writePositions } from "./page-order.ts";

/** The whole order of a page: every section, then every component with the section it is in. */
export interface PageOrder {
  section_ids: string[];
  components: { id: string; section_id: string | null }[];
}

/** Sets the order of every section and component of a page, and which section each is in. */
export async function orderStatusComponents(
  ctx: ServiceContext,
  access: AccountAccess,
  pageId: string,
  order: PageOrder,
): Promise<PageLayout> {
  const now = ctx.now();
  await storeOrExplain("the order", () =>
    ctx.db.transaction().execute(async (trx) => {
      await findOwnedPage(trx, access, pageId);
      const sections = await orderedIds(trx, "status_sections", pageId);
      const components = await orderedIds(trx, "status_components", pageId);
      enforceEveryOnce("section_ids", "section", order.section_ids, sections);
      const componentIds = order.components.map((component) => component.id);
      enforceEveryOnce("components", "component", componentIds, components);
      const known = new Set(sections);
      const stray = order.components.find((c) => c.section_id !== null && !known.has(c.section_id));
      if (stray) {
        throw new ServiceError(
          "invalid",
          `There is no section with the id ${JSON.stringify(stray.section_id)} on this status page.`,
        );
      }
      await writePositions(trx, "status_sections", order.section_ids);
      for (const [position, component] of order.components.entries()) {
        await trx
          .updateTable("status_components")
          .set({ position, section_id: component.section_id })
          .where("id", "=", component.id)
          .execute();
      }
      await touchStatusPage(trx, pageId, now);
    }),
  );
  return loadPageLayout(ctx.db, pageId, now);
}

function enforceEveryOnce(
  field: string,
  what: string,
  given: readonly string[],
  existing: readonly string[],
): void {
  const known = new Set(existing);
  const seen = new Set<string>();
  for (const id of given) {
    if (!known.has(id)) {
      throw new ServiceError(
        "invalid",
        `There is no ${what} with the id ${JSON.stringify(id)} on this status page.`,
      );
    }
    if (seen.has(id)) {
      throw new ServiceError("invalid", `${field} names the ${what} ${JSON.stringify(id)} twice.`);
    }
    seen.add(id);
  }
  if (seen.size !== known.size) {
    throw new ServiceError(
      "invalid",
      `${field} must list every ${what} of the page; ${known.size - seen.size} ${known.size - seen.size === 1 ? "is" : "are"} missing.`,
    );
  }
}
