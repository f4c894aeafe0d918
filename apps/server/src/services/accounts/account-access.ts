import type { PlanId } from "@upwatch/core";

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
}
