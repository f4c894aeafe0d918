/**
 * An account's claim on a domain, proven by a DNS TXT record: a mail domain for single sign-on
 * or a status page's custom domain. Only a verified claim is used; the served copies live in
 * `sso_domains` and `status_pages.custom_domain`.
 */
export interface DomainClaimTable {
  id: string;
  account_id: string;
  /** `sso` (a mail domain) or `status_page` (a page's custom domain). */
  purpose: string;
  /** The status page claiming the domain; null for single sign-on. */
  page_id: string | null;
  /** Lower case, without a final dot. */
  domain: string;
  /** The random value the TXT record must hold; kept for as long as the claim. */
  token: string;
  created_at: number;
  /** When the record was found; null while pending, failed or lost. */
  verified_at: number | null;
  /** When the record was last looked up (a Verify or a re-check). */
  checked_at: number | null;
  /** Why the last lookup did not find the record, in a sentence; null when it did. */
  failure: string | null;
  /** Re-checks in a row that missed the record of a verified domain. */
  missed_checks: number;
  /** The first of those missed re-checks. */
  missing_since: number | null;
  /** When a verified domain stopped being used, or another account proved it first. */
  lost_at: number | null;
}
