import type { Permission, PlanId, Role } from "@upwatch/core";

/** Who is asking: the account (by an API key or a signed-in session) and its plan. */
export interface AccountAccess {
  accountId: string;
  plan: PlanId;
  /** The key used, so its own revocation can be refused or logged. */
  apiKeyId?: string | undefined;
  /** Signed-in requests: the user behind the session. */
  userId?: string | undefined;
  /** Signed-in requests: the session's id (its token's hash). */
  sessionId?: string | undefined;
  /** Signed-in requests: the person's role in the account. */
  role?: Role | undefined;
  /**
   * The custom role behind the request, if any: the signed-in person's, or for a key, its
   * maker's (nobody edits the custom role they hold).
   */
  customRoleId?: string | null | undefined;
  /**
   * What the request may do: the person's role, or the key's scope. Requests authenticated by
   * the API always carry it; verbs called from inside the server have none and need none.
   */
  permissions?: ReadonlySet<Permission> | undefined;
  /** The request's client address and browser, for the audit log. */
  clientAddress?: string | undefined;
  userAgent?: string | undefined;
}
