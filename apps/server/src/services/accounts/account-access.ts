import type { PlanId } from "@upwatch/core";

/** Who is asking: the account an API key belongs to, and its plan. */
export interface AccountAccess {
  accountId: string;
  plan: PlanId;
  /** The key used, so its own revocation can be refused or logged. */
  apiKeyId?: string | undefined;
}
