import { recordAuditEvent } from "../audit/record-audit-event.ts";
import type { DomainClaim, DomainPurpose } from "./domain-claims.ts";
import { lookUpProof } from "./domain-proof.ts";
import type { DomainUse } from "./domain-use.ts";
import { DOMAIN_CHECKS_ACTOR } from "./prove-domain-claim.ts";
import type { DomainProofContext } from "./txt-lookup.ts";

const HOUR_MS = 3_600_000;
/** How often each verified domain's record is looked up again. */
export const RECHECK_EVERY_MS = 6 * HOUR_MS;
/** A domain stops being used once its record was missing at this many re-checks in a row... */
export const LOST_AFTER_MISSES = 3;
/** ...spanning at least this long, so a short DNS outage never takes a domain away. */
export const LOST_AFTER_MS = 24 * HOUR_MS;
const BATCH = 100;

/**
 * Looks the record of every verified domain due for a re-check up again. A domain whose record
 * is missing at 3 re-checks in a row over at least a day stops being used (its sign-ins stop
 * routing, its page stops being served) and the account's audit log says so.
 */
export async function recheckVerifiedDomains(
  ctx: DomainProofContext,
  uses: Record<DomainPurpose, DomainUse>,
): Promise<{ checked: number; lost: number }> {
  const due = await ctx.db
    .selectFrom("domain_claims")
    .selectAll()
    .where("verified_at", "is not", null)
    .where((eb) =>
      eb.or([eb("checked_at", "is", null), eb("checked_at", "<=", ctx.now() - RECHECK_EVERY_MS)]),
    )
    .orderBy("checked_at")
    .limit(BATCH)
    .execute();
  let lost = 0;
  for (const claim of due) {
    const use = uses[claim.purpose as DomainPurpose];
    if (!use) continue;
    const failure = await lookUpProof(ctx.lookupTxt, claim.domain, claim.token);
    if (await recordRecheck(ctx, use, claim, failure)) lost += 1;
  }
  return { checked: due.length, lost };
}

/** Stores one re-check's outcome; true when the domain stopped being used. */
async function recordRecheck(
  ctx: DomainProofContext,
  use: DomainUse,
  claim: DomainClaim,
  failure: string | null,
): Promise<boolean> {
  const now = ctx.now();
  return ctx.transact(async (trx) => {
    const current = await trx
      .selectFrom("domain_claims")
      .selectAll()
      .where("id", "=", claim.id)
      .where("token", "=", claim.token)
      .where("verified_at", "is not", null)
      .executeTakeFirst();
    if (!current) return false;
    const update = trx.updateTable("domain_claims").where("id", "=", current.id);
    if (failure === null) {
      await update
        .set({ checked_at: now, failure: null, missed_checks: 0, missing_since: null })
        .execute();
      return false;
    }
    const misses = current.missed_checks + 1;
    const missingSince = current.missing_since ?? now;
    if (misses < LOST_AFTER_MISSES || now - missingSince < LOST_AFTER_MS) {
      await update
        .set({ checked_at: now, failure, missed_checks: misses, missing_since: missingSince })
        .execute();
      return false;
    }
    await use.release(trx, current);
    await update
      .set({
        checked_at: now,
        failure,
        verified_at: null,
        lost_at: now,
        missed_checks: 0,
        missing_since: null,
      })
      .execute();
    await recordAuditEvent(trx, ctx, current.account_id, DOMAIN_CHECKS_ACTOR, {
      action: `${use.auditPrefix}.domain_lost`,
      target: use.auditTarget(current),
      changes: {
        reason: { before: null, after: failure },
        missed_checks: { before: null, after: misses },
      },
    });
    return true;
  });
}
