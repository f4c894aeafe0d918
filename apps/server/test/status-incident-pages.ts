import type { ComponentState } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

let counter = 0;

/** A status page of the account with named components, stored directly as rows. */
export async function insertStatusPage(
  db: Kysely<Database>,
  accountId: string,
  components: string[] = [],
  state: ComponentState = "operational",
): Promise<{ id: string; slug: string; name: string; componentIds: string[] }> {
  counter += 1;
  const now = Date.now();
  const id = `sp_${counter}_${Math.random().toString(36).slice(2, 8)}`;
  const slug = `page-${counter}-${Math.random().toString(36).slice(2, 8)}`;
  const name = `Acme status ${counter}`;
  await db
    .insertInto("status_pages")
    .values({
      id,
      account_id: accountId,
      name,
      slug,
      headline: "",
      accent_color: null,
      website_url: null,
      support_url: null,
      white_label: 0,
      custom_domain: null,
      logo_type: null,
      logo_hash: null,
      version: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const componentIds: string[] = [];
  for (const [position, componentName] of components.entries()) {
    const componentId = `${id}_c${position}`;
    await db
      .insertInto("status_components")
      .values({
        id: componentId,
        page_id: id,
        section_id: null,
        name: componentName,
        description: "",
        position,
        state,
        follow_monitors: 0,
        state_changed_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
    componentIds.push(componentId);
  }
  return { id, slug, name, componentIds };
}

/** A page's version, which moves with every change its visitors see. */
export async function pageVersion(db: Kysely<Database>, pageId: string): Promise<number> {
  const row = await db
    .selectFrom("status_pages")
    .select("version")
    .where("id", "=", pageId)
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

/** A confirmed subscriber of a page, stored directly. */
export async function insertConfirmedSubscriber(
  db: Kysely<Database>,
  pageId: string,
  email: string,
  confirmedAt = Date.now() - 60_000,
): Promise<string> {
  counter += 1;
  const id = `ssub_${counter}_${Math.random().toString(36).slice(2, 8)}`;
  await db
    .insertInto("status_subscribers")
    .values({
      id,
      page_id: pageId,
      email,
      email_key: email.toLowerCase(),
      status: "confirmed",
      confirmation_sent_at: confirmedAt,
      confirmed_at: confirmedAt,
      unsubscribed_at: null,
      created_at: confirmedAt,
      updated_at: confirmedAt,
    })
    .execute();
  return id;
}
