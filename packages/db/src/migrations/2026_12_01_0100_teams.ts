import { type ColumnDefinitionBuilder, type Kysely, type Migration, sql } from "kysely";

const cascade = (table: string) => (c: ColumnDefinitionBuilder) =>
  c.notNull().references(`${table}.id`).onDelete("cascade");

/**
 * Teams: a person may belong to several accounts with a role in each; invitations, custom
 * roles, the audit log, two-factor sign-in, single sign-on and the sessions' devices.
 * `users.account_id` becomes the account a person signs in to by default.
 */
export const teamsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("custom_roles")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", cascade("accounts"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("name_key", "text", (c) => c.notNull())
      .addColumn("permissions", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .addUniqueConstraint("custom_roles_name", ["account_id", "name_key"])
      .execute();

    await db.schema
      .createTable("memberships")
      .addColumn("account_id", "text", cascade("accounts"))
      .addColumn("user_id", "text", cascade("users"))
      .addColumn("role", "text", (c) => c.notNull())
      .addColumn("custom_role_id", "text", (c) =>
        c.references("custom_roles.id").onDelete("restrict"),
      )
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("memberships_pk", ["account_id", "user_id"])
      .execute();
    await db.schema.createIndex("memberships_user").on("memberships").column("user_id").execute();
    await sql`
      insert into memberships (account_id, user_id, role, custom_role_id, created_at)
      select account_id, id, role, null, created_at from users
    `.execute(db);
    await db.schema.alterTable("users").dropColumn("role").execute();

    await db.schema
      .createTable("invitations")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", cascade("accounts"))
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("email_key", "text", (c) => c.notNull())
      .addColumn("role", "text", (c) => c.notNull())
      .addColumn("custom_role_id", "text", (c) =>
        c.references("custom_roles.id").onDelete("cascade"),
      )
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("invited_by", "text", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("sent_at", "bigint", (c) => c.notNull())
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      .addColumn("accepted_at", "bigint")
      .addColumn("accepted_by", "text", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("revoked_at", "bigint")
      .execute();
    await db.schema
      .createIndex("invitations_account")
      .on("invitations")
      .columns(["account_id", "email_key"])
      .execute();

    await db.schema
      .createTable("audit_events")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", cascade("accounts"))
      .addColumn("at", "bigint", (c) => c.notNull())
      .addColumn("actor_kind", "text", (c) => c.notNull())
      .addColumn("actor_user_id", "text")
      .addColumn("actor_api_key_id", "text")
      .addColumn("actor_label", "text", (c) => c.notNull())
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("target_type", "text")
      .addColumn("target_id", "text")
      .addColumn("target_label", "text")
      .addColumn("changes", "text")
      .addColumn("ip_address", "text")
      .addColumn("user_agent", "text")
      .execute();
    await db.schema
      .createIndex("audit_events_account_at")
      .on("audit_events")
      .columns(["account_id", "at", "id"])
      .execute();
    await db.schema
      .createIndex("audit_events_account_actor")
      .on("audit_events")
      .columns(["account_id", "actor_user_id", "at"])
      .execute();
    await db.schema
      .createIndex("audit_events_account_action")
      .on("audit_events")
      .columns(["account_id", "action", "at"])
      .execute();

    await db.schema
      .createTable("two_factor")
      .addColumn("user_id", "text", (c) =>
        c.primaryKey().references("users.id").onDelete("cascade"),
      )
      .addColumn("secret_sealed", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("enabled_at", "bigint")
      .addColumn("last_used_step", "bigint")
      .execute();
    await db.schema
      .createTable("recovery_codes")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", cascade("users"))
      .addColumn("code_hash", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("used_at", "bigint")
      .execute();
    await db.schema
      .createIndex("recovery_codes_user")
      .on("recovery_codes")
      .column("user_id")
      .execute();
    await db.schema
      .createTable("sign_in_challenges")
      .addColumn("token_hash", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", cascade("users"))
      .addColumn("purpose", "text", (c) => c.notNull())
      .addColumn("method", "text", (c) => c.notNull())
      .addColumn("account_id", "text", (c) => c.references("accounts.id").onDelete("cascade"))
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("sso_configs")
      .addColumn("account_id", "text", (c) =>
        c.primaryKey().references("accounts.id").onDelete("cascade"),
      )
      .addColumn("issuer", "text", (c) => c.notNull())
      .addColumn("client_id", "text", (c) => c.notNull())
      .addColumn("client_secret_sealed", "text", (c) => c.notNull())
      .addColumn("default_role", "text", (c) => c.notNull())
      .addColumn("default_custom_role_id", "text", (c) =>
        c.references("custom_roles.id").onDelete("restrict"),
      )
      .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("required", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("sso_domains")
      .addColumn("domain", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", cascade("accounts"))
      .execute();
    await db.schema
      .createIndex("sso_domains_account")
      .on("sso_domains")
      .column("account_id")
      .execute();
    await db.schema
      .createTable("sso_identities")
      .addColumn("account_id", "text", cascade("accounts"))
      .addColumn("subject", "text", (c) => c.notNull())
      .addColumn("user_id", "text", cascade("users"))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("sso_identities_pk", ["account_id", "subject"])
      .execute();
    await db.schema
      .createTable("sso_attempts")
      .addColumn("state_hash", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", cascade("accounts"))
      .addColumn("nonce", "text", (c) => c.notNull())
      .addColumn("code_verifier", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      .execute();

    await db.schema
      .alterTable("accounts")
      .addColumn("require_two_factor", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable("api_keys")
      .addColumn("scope", "text", (c) => c.notNull().defaultTo("full"))
      .execute();
    await db.schema
      .alterTable("api_keys")
      .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
      .execute();
    await db.schema.alterTable("sessions").addColumn("ip_address", "text").execute();
    await db.schema.alterTable("sessions").addColumn("user_agent", "text").execute();
    await db.schema
      .alterTable("sessions")
      .addColumn("method", "text", (c) => c.notNull().defaultTo("password"))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("sessions").dropColumn("method").execute();
    await db.schema.alterTable("sessions").dropColumn("user_agent").execute();
    await db.schema.alterTable("sessions").dropColumn("ip_address").execute();
    await db.schema.alterTable("api_keys").dropColumn("created_by").execute();
    await db.schema.alterTable("api_keys").dropColumn("scope").execute();
    await db.schema.alterTable("accounts").dropColumn("require_two_factor").execute();
    for (const table of ["sso_attempts", "sso_identities", "sso_domains", "sso_configs"]) {
      await db.schema.dropTable(table).execute();
    }
    for (const table of ["sign_in_challenges", "recovery_codes", "two_factor", "audit_events"]) {
      await db.schema.dropTable(table).execute();
    }
    await db.schema.dropTable("invitations").execute();
    await db.schema
      .alterTable("users")
      .addColumn("role", "text", (c) => c.notNull().defaultTo("owner"))
      .execute();
    await sql`
      update users set role = coalesce((select m.role from memberships m
        where m.user_id = users.id and m.account_id = users.account_id), 'owner')
    `.execute(db);
    await db.schema.dropTable("memberships").execute();
    await db.schema.dropTable("custom_roles").execute();
  },
};
