import { type ComponentState, shownComponentState, suggestedState } from "@upwatch/core";
import type { Database, StatusComponentTable, StatusSectionTable } from "@upwatch/db";
import type { Kysely, Transaction } from "kysely";
import { healthOf, type LinkedMonitor, loadLinkedMonitors } from "./component-monitors.ts";
import { loadOpenWindows } from "./page-windows.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** A component as the account sees it: what people set, what visitors see, and its monitors. */
export interface ComponentRecord {
  component: StatusComponentTable;
  shownState: ComponentState;
  monitors: LinkedMonitor[];
  suggestedState: ComponentState | null;
}

/** A page's sections and components, each in order. */
export interface PageLayout {
  sections: StatusSectionTable[];
  components: ComponentRecord[];
}

/** The sections and components of a page as they stand at `now`. */
export async function loadPageLayout(db: Db, pageId: string, now: number): Promise<PageLayout> {
  const [sections, components, windows] = await Promise.all([
    db
      .selectFrom("status_sections")
      .selectAll()
      .where("page_id", "=", pageId)
      .orderBy("position")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("status_components")
      .selectAll()
      .where("page_id", "=", pageId)
      .orderBy("position")
      .orderBy("id")
      .execute(),
    loadOpenWindows(db, [pageId], now),
  ]);
  const monitors = await loadLinkedMonitors(
    db,
    components.map((component) => component.id),
  );
  const pageWindows = windows.get(pageId) ?? [];
  return {
    sections,
    components: components.map((component) => {
      const linked = monitors.get(component.id) ?? [];
      return {
        component,
        shownState: shownComponentState(
          component.id,
          component.state as ComponentState,
          pageWindows,
          now,
        ),
        monitors: linked,
        suggestedState: suggestedState(linked.map(healthOf)) ?? null,
      };
    }),
  };
}

/** One component of a page as it stands at `now`. */
export async function loadComponentRecord(
  db: Db,
  pageId: string,
  componentId: string,
  now: number,
): Promise<ComponentRecord> {
  const layout = await loadPageLayout(db, pageId, now);
  const record = layout.components.find((candidate) => candidate.component.id === componentId);
  if (!record) throw new Error("A stored component was not found again.");
  return record;
}
