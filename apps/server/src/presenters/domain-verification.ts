import type { DomainVerification } from "@upwatch/api";
import { claimStateOf, type DomainClaim } from "../services/domain-verification/domain-claims.ts";
import { proofRecordOf } from "../services/domain-verification/domain-proof.ts";
import { isoTimeOrNull } from "../time.ts";

/** A claimed domain as the API shows it: the TXT record to publish and where its proof stands. */
export function presentDomainVerification(claim: DomainClaim): DomainVerification {
  return {
    domain: claim.domain,
    state: claimStateOf(claim),
    record: proofRecordOf(claim.domain, claim.token),
    verified_at: isoTimeOrNull(claim.verified_at),
    checked_at: isoTimeOrNull(claim.checked_at),
    lost_at: isoTimeOrNull(claim.lost_at),
    failure: claim.failure,
  };
}
