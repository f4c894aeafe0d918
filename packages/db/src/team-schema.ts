/** Tables of the team side: memberships, invitations, roles, the audit log and sign-in security. */

export interface CustomRoleTable {
  id: string;
  account_id: string;
  name: string;
  /** The name in lower case: one role per name in an account. */
  name_key: string;
  /** JSON array of permission names from `@upwatch/core` (`view` always among them). */
  permissions: string;
  created_at: number;
  updated_at: number;
}

export interface MembershipTable {
  account_id: string;
  user_id: string;
  /** `owner`, `admin`, `member`, `viewer` or `custom` (then `custom_role_id` says which). */
  role: string;
  custom_role_id: string | null;
  created_at: number;
}

export interface InvitationTable {
  id: string;
  account_id: string;
  email: string;
  email_key: string;
  role: string;
  custom_role_id: string | null;
  /** SHA-256 of the token in the invitation link, hex. */
  token_hash: string;
  invited_by: string | null;
  created_at: number;
  /** When the newest mail went (resending replaces the token). */
  sent_at: number;
  expires_at: number;
  accepted_at: number | null;
  accepted_by: string | null;
  revoked_at: number | null;
}

export interface AuditEventTable {
  id: string;
  account_id: string;
  at: number;
  /** `user`, `api_key`, `operator` (the admin command) or `system`. */
  actor_kind: string;
  actor_user_id: string | null;
  actor_api_key_id: string | null;
  /** Who it was as shown then (an address or a key's name), kept after they leave. */
  actor_label: string;
  /** `<thing>.<verb>`, e.g. `monitor.updated`, `member.role_changed`, `sign_in.failed`. */
  action: string;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  /** JSON object `{ field: { before, after } }` with secrets masked, or null. */
  changes: string | null;
  ip_address: string | null;
  user_agent: string | null;
}

export interface TwoFactorTable {
  user_id: string;
  /** The TOTP secret, sealed with the secrets key. */
  secret_sealed: string;
  created_at: number;
  /** Null while the person has not yet confirmed a first code. */
  enabled_at: number | null;
  /** The newest 30-second step a code was accepted for: no code is taken twice. */
  last_used_step: number | null;
}

export interface RecoveryCodeTable {
  id: string;
  user_id: string;
  /** SHA-256 of the normalised code, hex. */
  code_hash: string;
  created_at: number;
  used_at: number | null;
}

export interface SignInChallengeTable {
  /** SHA-256 of the token handed to the browser between the password and the second step. */
  token_hash: string;
  user_id: string;
  /** `two-factor` (a code is asked) or `enrol` (two-factor must be set up first). */
  purpose: string;
  /** How the first step was passed: `password` or `sso`. */
  method: string;
  /** The account to sign in to (SSO), or null for the person's default. */
  account_id: string | null;
  attempts: number;
  created_at: number;
  expires_at: number;
}

export interface SsoConfigTable {
  account_id: string;
  issuer: string;
  client_id: string;
  /** Sealed with the secrets key. */
  client_secret_sealed: string;
  /** The role people joining through single sign-on get. */
  default_role: string;
  default_custom_role_id: string | null;
  enabled: number;
  /** 1: everyone but the owner must sign in through the provider. */
  required: number;
  created_at: number;
  updated_at: number;
}

export interface SsoDomainTable {
  /** A mail domain in lower case the account has proven (see `domain_claims`); one account each. */
  domain: string;
  account_id: string;
}

export interface SsoIdentityTable {
  account_id: string;
  /** The provider's `sub` for the person. */
  subject: string;
  user_id: string;
  created_at: number;
}

/**
 * A provider identity waiting to be linked to the person who already signs in with its address:
 * their next full sign-in (password, and second factor when they have one) in the browser
 * holding the token links it. Usable once.
 */
export interface SsoPendingLinkTable {
  /** SHA-256 of the token in the browser's cookie. */
  token_hash: string;
  account_id: string;
  /** The provider's `sub`. */
  subject: string;
  user_id: string;
  created_at: number;
  expires_at: number;
}

export interface SsoAttemptTable {
  /** SHA-256 of the `state` sent to the provider. */
  state_hash: string;
  account_id: string;
  nonce: string;
  code_verifier: string;
  created_at: number;
  expires_at: number;
}

/** A move to another plan and what it changed, shown to the account until dismissed. */
export interface PlanChangeTable {
  id: string;
  account_id: string;
  from_plan: string;
  to_plan: string;
  /** JSON array of `PlanChange` from `@upwatch/core`. */
  changes: string;
  created_at: number;
  dismissed_at: number | null;
  dismissed_by: string | null;
}
