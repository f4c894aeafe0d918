import { randomBytes } from "node:crypto";
import type { ColumnDefinitionBuilder, Kysely, Migration } from "kysely";

const cascade = (table: string) => (c: ColumnDefinitionBuilder) =>
  c.notNull().references(`${table}.id`).onDelete("cascade");

type Existing = {
  sso_domains: { domain: string; account_id: string };
  status_pages: { id: string; account_id: string; custom_domain: string | null };
  domain_claims: {
    id: string;
    account_id: string;
    purpose: string;
    page_id: string | null;
    domain: string;
    token: string;
    created_at: number;
    missed_checks: number;
  };
};

/**
 * Domains are used only once their owner proves them with a DNS TXT record. Single sign-on
 * domains and status-page custom domains stored before this had no proof: they become pending
 * claims, so they stop routing sign-ins and stop being served until verified.
 */
export const domainVerificationMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("domain_claims")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", cascade("accounts"))
      .addColumn("purpose", "text", (c) => c.notNull())
      .addColumn("page_id", "text", (c) => c.references("status_pages.id").onDelete("cascade"))
      .addColumn("domain", "text", (c) => c.notNull())
      .addColumn("token", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("verified_at", "bigint")
      .addColumn("checked_at", "bigint")
      .addColumn("failure", "text")
      .addColumn("missed_checks", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("missing_since", "bigint")
      .addColumn("lost_at", "bigint")
      .execute();
    await db.schema
      .createIndex("domain_claims_account_domain")
      .on("domain_claims")
      .columns(["purpose", "account_id", "domain"])
      .unique()
      .execute();
    await db.schema
      .createIndex("domain_claims_page")
      .on("domain_claims")
      .column("page_id")
      .unique()
      .execute();
    await db.schema
      .createIndex("domain_claims_domain")
      .on("domain_claims")
      .columns(["purpose", "domain"])
      .execute();
    await claimStoredDomains(db as Kysely<Existing>);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("domain_claims").execute();
  },
};

async function claimStoredDomains(db: Kysely<Existing>): Promise<void> {
  const now = Date.now();
  const claim = (account_id: string, purpose: string, domain: string, page_id: string | null) => ({
    id: `dcl_${randomBytes(12).toString("base64url")}`,
    account_id,
    purpose,
    page_id,
    domain,
    token: randomBytes(16).toString("hex"),
    created_at: now,
    missed_checks: 0,
  });
  const ssoDomains = await db.selectFrom("sso_domains").selectAll().execute();
  for (const row of ssoDomains) {
    await db
      .insertInto("domain_claims")
      .values(claim(row.account_id, "sso", row.domain, null))
      .execute();
  }
  await db.deleteFrom("sso_domains").execute();
  const pages = await db
    .selectFrom("status_pages")
    .select(["id", "account_id", "custom_domain"])
    .where("custom_domain", "is not", null)
    .execute();
  for (const page of pages) {
    if (!page.custom_domain) continue;
    await db
      .insertInto("domain_claims")
      .values(claim(page.account_id, "status_page", page.custom_domain, page.id))
      .execute();
  }
  await db.updateTable("status_pages").set({ custom_domain: null }).execute();
}
