import type { SsoConfigInput } from "@upwatch/api";
import type { Database } from "@upwatch/db";
import type { Transaction } from "kysely";
import type { AccountAccess } from "../accounts/account-access.ts";
import { actorOf, auditChanges, recordAuditEvent } from "../audit/record-audit-event.ts";
import { loadSsoClaims, newDomainClaim } from "../domain-verification/domain-claims.ts";
import { ServiceError } from "../service-error.ts";
import { isFreeMailDomain } from "./free-mail-domains.ts";
import { getSsoConfig, type SsoConfigView } from "./get-sso-config.ts";
import type { SsoContext } from "./sso-context.ts";
import { SSO_DOMAIN_USE, ssoDomainTaken } from "./sso-domain-use.ts";
import { enforceSsoPlan } from "./sso-plan.ts";
import { discoverProvider } from "./sso-provider.ts";
import { clientSecretPlace, loadSsoSettings, type StoredSsoSettings } from "./sso-settings.ts";

/**
 * Sets up or changes the account's single sign-on. The issuer is discovered first with the given
 * client, so a wrong address is refused before anything is stored; a left-out client secret keeps
 * the stored one. A domain is used only once the account proves it (see verify-sso-domain.ts): a
 * newly listed one waits with a TXT record to publish, one listed again keeps its record and
 * proof, and one another account has proven is refused. Free-mail domains are refused outright.
 */
export async function saveSsoConfig(
  ctx: SsoContext,
  access: AccountAccess,
  input: SsoConfigInput,
): Promise<SsoConfigView> {
  enforceSsoPlan(access.plan);
  const domains = [...new Set(input.domains)].sort();
  refuseFreeMailDomains(domains);
  const before = await loadSsoSettings(ctx.db, access.accountId);
  const domainsBefore = (await loadSsoClaims(ctx.db, access.accountId)).map((c) => c.domain);
  const clientSecret =
    input.client_secret ??
    (before
      ? ctx.secrets.open(before.client_secret_sealed, clientSecretPlace(access.accountId))
      : undefined);
  if (clientSecret === undefined) {
    throw new ServiceError("invalid", "Enter the client secret the provider gave you.");
  }
  const customRoleId =
    input.default_role === "custom" ? (input.default_custom_role_id ?? null) : null;
  if (input.default_role === "custom") await checkCustomRole(ctx, access.accountId, customRoleId);
  await checkDomainsFree(ctx, access.accountId, domains);
  const issuer = input.issuer.replace(/\/+$/, "");
  await discoverProvider(ctx, { issuer, clientId: input.client_id, clientSecret });

  await ctx.transact(async (trx) => {
    const now = ctx.now();
    const row = {
      issuer,
      client_id: input.client_id,
      client_secret_sealed: ctx.secrets.seal(clientSecret, clientSecretPlace(access.accountId)),
      default_role: input.default_role,
      default_custom_role_id: customRoleId,
      enabled: 1,
      required: input.required ? 1 : 0,
      updated_at: now,
    };
    if (before) {
      await trx
        .updateTable("sso_configs")
        .set(row)
        .where("account_id", "=", access.accountId)
        .execute();
    } else {
      await trx
        .insertInto("sso_configs")
        .values({ ...row, account_id: access.accountId, created_at: now })
        .execute();
    }
    await listDomains(ctx, trx, access.accountId, domains);
    const after = {
      ...auditable(input, domains, customRoleId),
      client_secret: input.client_secret,
    };
    await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
      action: before ? "sso.updated" : "sso.configured",
      target: { type: "sso", id: access.accountId, label: issuer },
      changes: auditChanges(before ? auditableStored(before, domainsBefore) : {}, after, [
        "client_secret",
      ]),
    });
  });
  return getSsoConfig(ctx, access);
}

function auditable(input: SsoConfigInput, domains: string[], customRoleId: string | null) {
  return {
    issuer: input.issuer.replace(/\/+$/, ""),
    client_id: input.client_id,
    domains,
    default_role: input.default_role,
    default_custom_role_id: customRoleId,
    required: input.required,
  };
}

function auditableStored(stored: StoredSsoSettings, domains: string[]) {
  return {
    issuer: stored.issuer,
    client_id: stored.client_id,
    domains,
    default_role: stored.default_role,
    default_custom_role_id: stored.default_custom_role_id,
    required: stored.required === 1,
  };
}

async function checkCustomRole(ctx: SsoContext, accountId: string, roleId: string | null) {
  const role = roleId
    ? await ctx.db
        .selectFrom("custom_roles")
        .select("id")
        .where("id", "=", roleId)
        .where("account_id", "=", accountId)
        .executeTakeFirst()
    : undefined;
  if (!role) {
    throw new ServiceError(
      "invalid",
      "Choose one of the account's custom roles as the default role.",
    );
  }
}

async function checkDomainsFree(ctx: SsoContext, accountId: string, domains: string[]) {
  const taken = await ctx.db
    .selectFrom("sso_domains")
    .select("domain")
    .where("domain", "in", domains)
    .where("account_id", "!=", accountId)
    .executeTakeFirst();
  if (taken) throw new ServiceError("conflict", ssoDomainTaken(taken.domain));
}

function refuseFreeMailDomains(domains: string[]) {
  const free = domains.find(isFreeMailDomain);
  if (!free) return;
  throw new ServiceError(
    "invalid",
    `${free} is a free mail domain where anyone can get an address; single sign-on needs a domain your organisation owns.`,
  );
}

/**
 * Keeps the claims of domains still listed (their tokens and proofs), adds pending claims for new
 * ones, and stops using and forgets the domains no longer listed.
 */
async function listDomains(
  ctx: SsoContext,
  trx: Transaction<Database>,
  accountId: string,
  domains: string[],
) {
  const claims = await loadSsoClaims(trx, accountId);
  for (const claim of claims) {
    if (domains.includes(claim.domain)) continue;
    await SSO_DOMAIN_USE.release(trx, claim);
    await trx.deleteFrom("domain_claims").where("id", "=", claim.id).execute();
  }
  const added = domains.filter((domain) => !claims.some((claim) => claim.domain === domain));
  if (added.length === 0) return;
  await trx
    .insertInto("domain_claims")
    .values(added.map((domain) => newDomainClaim(ctx, { accountId, purpose: "sso", domain })))
    .execute();
}
