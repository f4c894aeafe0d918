import type { Database } from "@upwatch/db";
import type { Transaction } from "kysely";
import { type AuditActor, recordAuditEvent } from "../audit/record-audit-event.ts";
import { ServiceError } from "../service-error.ts";
import type { DomainClaim } from "./domain-claims.ts";
import { lookUpProof } from "./domain-proof.ts";
import type { DomainUse } from "./domain-use.ts";
import type { DomainProofContext } from "./txt-lookup.ts";

const SYSTEM: AuditActor = { kind: "system", label: "Domain verification" };

/**
 * The Verify action: looks the claim's TXT record up now. Found, the domain is used from now on
 * and other accounts' claims on it stop; not found, the claim says why (a verified domain stays
 * in use: only the periodic re-checks take it away). Both outcomes go to the audit log.
 */
export async function proveDomainClaim(
  ctx: DomainProofContext,
  use: DomainUse,
  claim: DomainClaim,
  actor: AuditActor,
): Promise<void> {
  const takenBefore = await ctx.transact((trx) => use.takenElsewhere(trx, claim));
  if (takenBefore) throw new ServiceError("conflict", takenBefore);
  const failure = await lookUpProof(ctx.lookupTxt, claim.domain, claim.token);
  const work = async (trx: Transaction<Database>) => {
    const current = await trx
      .selectFrom("domain_claims")
      .selectAll()
      .where("id", "=", claim.id)
      .executeTakeFirst();
    if (current?.token !== claim.token) {
      throw new ServiceError(
        "conflict",
        `${claim.domain} changed while it was being verified; verify it again.`,
      );
    }
    if (failure === null) await markProven(ctx, trx, use, current, actor);
    else await markFailed(ctx, trx, use, current, actor, failure);
  };
  try {
    await ctx.transact(work);
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    // Two accounts proving one domain at once: the unique index decides, the other is told why.
    const taken = await ctx.transact((trx) => use.takenElsewhere(trx, claim));
    if (taken) throw new ServiceError("conflict", taken, { cause: error });
    throw error;
  }
}

async function markProven(
  ctx: DomainProofContext,
  trx: Transaction<Database>,
  use: DomainUse,
  claim: DomainClaim,
  actor: AuditActor,
): Promise<void> {
  const taken = await use.takenElsewhere(trx, claim);
  if (taken) throw new ServiceError("conflict", taken);
  const now = ctx.now();
  await use.take(trx, claim);
  await trx
    .updateTable("domain_claims")
    .set({
      verified_at: claim.verified_at ?? now,
      checked_at: now,
      failure: null,
      missed_checks: 0,
      missing_since: null,
      lost_at: null,
    })
    .where("id", "=", claim.id)
    .execute();
  await recordAuditEvent(trx, ctx, claim.account_id, actor, {
    action: `${use.auditPrefix}.domain_verified`,
    target: use.auditTarget(claim),
    changes: { domain: { before: null, after: claim.domain } },
  });
  await outproveOthers(ctx, trx, use, claim);
}

/** Claims of the same domain by other accounts (or pages) were only waiting: they stop. */
async function outproveOthers(
  ctx: DomainProofContext,
  trx: Transaction<Database>,
  use: DomainUse,
  claim: DomainClaim,
): Promise<void> {
  const others = await trx
    .selectFrom("domain_claims")
    .selectAll()
    .where("purpose", "=", claim.purpose)
    .where("domain", "=", claim.domain)
    .where("id", "!=", claim.id)
    .where("verified_at", "is", null)
    .execute();
  const reason = use.outprovedReason(claim.domain);
  for (const other of others) {
    await trx
      .updateTable("domain_claims")
      .set({ lost_at: ctx.now(), failure: reason })
      .where("id", "=", other.id)
      .execute();
    await recordAuditEvent(trx, ctx, other.account_id, SYSTEM, {
      action: `${use.auditPrefix}.domain_lost`,
      target: use.auditTarget(other),
      changes: { reason: { before: null, after: reason } },
    });
  }
}

async function markFailed(
  ctx: DomainProofContext,
  trx: Transaction<Database>,
  use: DomainUse,
  claim: DomainClaim,
  actor: AuditActor,
  failure: string,
): Promise<void> {
  await trx
    .updateTable("domain_claims")
    .set({ checked_at: ctx.now(), failure })
    .where("id", "=", claim.id)
    .execute();
  await recordAuditEvent(trx, ctx, claim.account_id, actor, {
    action: `${use.auditPrefix}.domain_verification_failed`,
    target: use.auditTarget(claim),
    changes: { reason: { before: null, after: failure } },
  });
}

/** The actor of events the server records by itself (re-checks, claims outproved). */
export const DOMAIN_CHECKS_ACTOR = SYSTEM;
