import type { DomainVerificationState } from "@upwatch/api";
import type { Database, DomainClaimTable } from "@upwatch/db";
import type { Kysely, Transaction } from "kysely";
import type { ServiceContext } from "../context.ts";
import { newProofToken } from "./domain-proof.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** What a claimed domain is for: signing in through single sign-on, or serving a status page. */
export type DomainPurpose = "sso" | "status_page";

/** A claim as stored. */
export type DomainClaim = DomainClaimTable;

/**
 * Verified: in use. Lost: was in use (or waiting) until the record disappeared or another account
 * proved the domain. Failed: the last Verify did not find the record. Pending: not looked up yet.
 */
export function claimStateOf(claim: DomainClaim): DomainVerificationState {
  if (claim.verified_at !== null) return "verified";
  if (claim.lost_at !== null) return "lost";
  if (claim.failure !== null) return "failed";
  return "pending";
}

/** A new pending claim with its own token. */
export function newDomainClaim(
  ctx: Pick<ServiceContext, "newId" | "now">,
  fields: { accountId: string; purpose: DomainPurpose; domain: string; pageId?: string | null },
): DomainClaim {
  return {
    id: ctx.newId("dcl"),
    account_id: fields.accountId,
    purpose: fields.purpose,
    page_id: fields.pageId ?? null,
    domain: fields.domain,
    token: newProofToken(),
    created_at: ctx.now(),
    verified_at: null,
    checked_at: null,
    failure: null,
    missed_checks: 0,
    missing_since: null,
    lost_at: null,
  };
}

/** The account's single sign-on claims, by domain. */
export async function loadSsoClaims(db: Db, accountId: string): Promise<DomainClaim[]> {
  return db
    .selectFrom("domain_claims")
    .selectAll()
    .where("purpose", "=", "sso")
    .where("account_id", "=", accountId)
    .orderBy("domain")
    .execute();
}

/** The custom-domain claims of some status pages. */
export async function loadPageClaims(
  db: Db,
  pageIds: readonly string[],
): Promise<Map<string, DomainClaim>> {
  if (pageIds.length === 0) return new Map();
  const claims = await db
    .selectFrom("domain_claims")
    .selectAll()
    .where("purpose", "=", "status_page")
    .where("page_id", "in", pageIds)
    .execute();
  return new Map(claims.map((claim) => [claim.page_id ?? "", claim]));
}
