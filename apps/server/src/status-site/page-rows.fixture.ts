import type { Database, StatusPageTable } from "@upwatch/db";
import type { Kysely } from "kysely";
import { randomId } from "../services/context.ts";
import { newDomainClaim } from "../services/domain-verification/domain-claims.ts";
import { touchStatusPage } from "../services/status-pages/owned-page.ts";

type Db = Kysely<Database>;

/**
 * Stores a status page for the account, as the pages API would leave it; a custom domain given
 * is stored as proven (its DNS record found), so the page is served on it.
 */
export async function insertPage(
  db: Db,
  accountId: string,
  fields: Partial<StatusPageTable> = {},
): Promise<StatusPageTable> {
  const page: StatusPageTable = {
    id: randomId("spg"),
    account_id: accountId,
    name: "Acme",
    slug: `acme-${randomId("s")
      .slice(2, 10)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "x")}`,
    headline: "",
    accent_color: null,
    website_url: null,
    support_url: null,
    white_label: 0,
    custom_domain: null,
    logo_type: null,
    logo_hash: null,
    version: 1,
    created_at: Date.now(),
    updated_at: Date.now(),
    ...fields,
  };
  await db.insertInto("status_pages").values(page).execute();
  if (page.custom_domain) {
    await db
      .insertInto("domain_claims")
      .values({
        ...newDomainClaim(
          { newId: randomId, now: Date.now },
          { accountId, purpose: "status_page", domain: page.custom_domain, pageId: page.id },
        ),
        verified_at: page.created_at,
        checked_at: page.created_at,
      })
      .execute();
  }
  return page;
}

/** Stores a component of the page, linked to the given monitors, and bumps the page's version. */
export async function insertComponent(
  db: Db,
  pageId: string,
  fields: {
    name: string;
    state?: string;
    position?: number;
    sectionId?: string;
    monitorIds?: string[];
    description?: string;
  },
): Promise<string> {
  const id = randomId("cmp");
  await db
    .insertInto("status_components")
    .values({
      id,
      page_id: pageId,
      section_id: fields.sectionId ?? null,
      name: fields.name,
      description: fields.description ?? "",
      position: fields.position ?? 0,
      state: fields.state ?? "operational",
      follow_monitors: 0,
      state_changed_at: Date.now(),
      created_at: Date.now(),
      updated_at: Date.now(),
    })
    .execute();
  for (const monitorId of fields.monitorIds ?? []) {
    await db
      .insertInto("status_component_monitors")
      .values({ component_id: id, monitor_id: monitorId })
      .execute();
  }
  await touchStatusPage(db, pageId, Date.now());
  return id;
}

/** Stores a section of the page. */
export async function insertSection(
  db: Db,
  pageId: string,
  name: string,
  position = 0,
): Promise<string> {
  const id = randomId("sec");
  await db.insertInto("status_sections").values({ id, page_id: pageId, name, position }).execute();
  await touchStatusPage(db, pageId, Date.now());
  return id;
}

/** Stores an incident told in the given updates (oldest first); its stage is the last one's. */
export async function insertIncident(
  db: Db,
  pageId: string,
  fields: {
    title: string;
    startedAt: number;
    resolvedAt?: number | null;
    updates: { stage: string; message: string; at: number }[];
  },
): Promise<string> {
  const id = randomId("inc");
  const last = fields.updates.at(-1);
  await db
    .insertInto("status_incidents")
    .values({
      id,
      page_id: pageId,
      title: fields.title,
      stage: last?.stage ?? "investigating",
      started_at: fields.startedAt,
      resolved_at: fields.resolvedAt ?? null,
      created_at: fields.startedAt,
      updated_at: last?.at ?? fields.startedAt,
    })
    .execute();
  for (const update of fields.updates) {
    await db
      .insertInto("status_incident_updates")
      .values({
        id: randomId("upd"),
        incident_id: id,
        stage: update.stage,
        message: update.message,
        components: "[]",
        created_at: update.at,
      })
      .execute();
  }
  await touchStatusPage(db, pageId, Date.now());
  return id;
}

/** Stores a maintenance window over the given components. */
export async function insertMaintenance(
  db: Db,
  pageId: string,
  fields: {
    title: string;
    message: string;
    startsAt: number;
    endsAt: number;
    componentIds: string[];
  },
): Promise<string> {
  const id = randomId("mnt");
  await db
    .insertInto("status_maintenances")
    .values({
      id,
      page_id: pageId,
      title: fields.title,
      message: fields.message,
      starts_at: fields.startsAt,
      ends_at: fields.endsAt,
      cancelled_at: null,
      started_notice_at: null,
      ended_notice_at: null,
      created_at: Date.now(),
      updated_at: Date.now(),
    })
    .execute();
  for (const componentId of fields.componentIds) {
    await db
      .insertInto("status_maintenance_components")
      .values({ maintenance_id: id, component_id: componentId })
      .execute();
  }
  await touchStatusPage(db, pageId, Date.now());
  return id;
}

/** Sets a component's state as people would, bumping the page's version in the same transaction. */
export async function setComponentState(
  db: Db,
  pageId: string,
  componentId: string,
  state: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("status_components")
      .set({ state })
      .where("id", "=", componentId)
      .execute();
    await touchStatusPage(trx, pageId, Date.now());
  });
}
