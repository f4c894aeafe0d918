import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { placeOf } from "../../secrets/secret-box.ts";

/** Where an account's client secret is sealed (bound to its row). */
export function clientSecretPlace(accountId: string): string {
  return placeOf("sso_configs", "client_secret_sealed", accountId);
}

/**
 * An account's single sign-on settings as stored, with the domains it has proven (`domains`):
 * only addresses at those sign in through it. Undefined when single sign-on is not set up.
 */
export async function loadSsoSettings(db: Kysely<Database>, accountId: string) {
  const config = await db
    .selectFrom("sso_configs")
    .selectAll()
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  if (!config) return undefined;
  const domains = await db
    .selectFrom("sso_domains")
    .innerJoin("domain_claims", (join) =>
      join
        .onRef("domain_claims.domain", "=", "sso_domains.domain")
        .onRef("domain_claims.account_id", "=", "sso_domains.account_id"),
    )
    .select("sso_domains.domain")
    .where("sso_domains.account_id", "=", accountId)
    .where("domain_claims.purpose", "=", "sso")
    .where("domain_claims.verified_at", "is not", null)
    .orderBy("sso_domains.domain")
    .execute();
  return { ...config, domains: domains.map((row) => row.domain) };
}

/** The stored settings of an account, as `loadSsoSettings` answers them. */
export type StoredSsoSettings = NonNullable<Awaited<ReturnType<typeof loadSsoSettings>>>;

/** The part of an address after its last `@`, in lower case. */
export function domainOf(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).toLowerCase();
}
