import {
  type ComponentState,
  type MaintenanceWindow,
  shownComponentState,
  worstState,
} from "@upwatch/core";
import type { Database, StatusPageTable } from "@upwatch/db";
import type { Kysely, Transaction } from "kysely";
import { type DomainClaim, loadPageClaims } from "../domain-verification/domain-claims.ts";
import { loadOpenWindows } from "./page-windows.ts";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A page as the account sees it: its settings, the state visitors see now and its audience.
 * `page.custom_domain` is the domain it is served on (proven); `domainClaim` the one it claims.
 */
export interface StatusPageRecord {
  page: StatusPageTable;
  domainClaim: DomainClaim | null;
  state: ComponentState;
  confirmedSubscribers: number;
}

/** The worst shown state of some components under the page's maintenance windows. */
export function pageStateOf(
  components: readonly { id: string; state: string }[],
  windows: readonly MaintenanceWindow[],
  now: number,
): ComponentState {
  return worstState(
    components.map((component) =>
      shownComponentState(component.id, component.state as ComponentState, windows, now),
    ),
  );
}

/** The records of some pages, in the order given, with their states and subscriber counts. */
export async function recordsOfPages(
  db: Db,
  pages: readonly StatusPageTable[],
  now: number,
): Promise<StatusPageRecord[]> {
  if (pages.length === 0) return [];
  const ids = pages.map((page) => page.id);
  const [components, subscribers, windows, claims] = await Promise.all([
    db
      .selectFrom("status_components")
      .select(["id", "page_id", "state"])
      .where("page_id", "in", ids)
      .execute(),
    db
      .selectFrom("status_subscribers")
      .select(["page_id", (eb) => eb.fn.countAll<number | string>().as("count")])
      .where("page_id", "in", ids)
      .where("status", "=", "confirmed")
      .groupBy("page_id")
      .execute(),
    loadOpenWindows(db, ids, now),
    loadPageClaims(db, ids),
  ]);
  const counts = new Map(subscribers.map((row) => [row.page_id, Number(row.count)]));
  return pages.map((page) => ({
    page,
    domainClaim: claims.get(page.id) ?? null,
    state: pageStateOf(
      components.filter((component) => component.page_id === page.id),
      windows.get(page.id) ?? [],
      now,
    ),
    confirmedSubscribers: counts.get(page.id) ?? 0,
  }));
}

/** One page's record. */
export async function recordOfPage(
  db: Db,
  page: StatusPageTable,
  now: number,
): Promise<StatusPageRecord> {
  const [record] = await recordsOfPages(db, [page], now);
  if (!record) throw new Error("A page's record was not built.");
  return record;
}
