import type { Database } from "@upwatch/db";
import type { Transaction } from "kysely";
import type { DomainClaim, DomainPurpose } from "./domain-claims.ts";

/**
 * What a proven domain is used for, and how using it starts and stops: single sign-on routes
 * the domain's addresses to the account, a status page is served on its custom domain.
 */
export interface DomainUse {
  purpose: DomainPurpose;
  /** The prefix of its audit actions (`sso`, `status_page`). */
  auditPrefix: string;
  /** What its audit events are about. */
  auditTarget(claim: DomainClaim): { type: string; id: string; label: string };
  /** Why another claim on the same domain stopped, when this one was proven first. */
  outprovedReason(domain: string): string;
  /** A refusal when someone else already uses the domain; undefined when it is free. */
  takenElsewhere(trx: Transaction<Database>, claim: DomainClaim): Promise<string | undefined>;
  /** Starts using a domain just proven (call after `takenElsewhere` found it free). */
  take(trx: Transaction<Database>, claim: DomainClaim): Promise<void>;
  /** Stops using the domain. */
  release(trx: Transaction<Database>, claim: DomainClaim): Promise<void>;
}
