import type { PlanId } from "@upwatch/core";
import { createAccount } from "../src/services/accounts/create-account.ts";
import { createApiKey } from "../src/services/api-keys/create-api-key.ts";
import { createServiceContext, type ServiceContext } from "../src/services/context.ts";
import type { TestDatabase } from "./databases.ts";
import { TEST_SECRETS } from "./secrets.ts";

let counter = 0;

/** A new account on the plan with an API key, and the header that authenticates as it. */
export async function createTestAccount(
  database: TestDatabase,
  plan: PlanId,
  ctx: ServiceContext = createServiceContext(database.handle.db, TEST_SECRETS),
): Promise<{ accountId: string; key: string; keyId: string; headers: Record<string, string> }> {
  counter += 1;
  const account = await createAccount(ctx, {
    name: `Test ${plan} ${counter}`,
    plan,
    ownerEmail: `owner-${counter}-${Date.now()}@example.com`,
  });
  const key = await createApiKey(ctx, account.accountId, "tests");
  return {
    accountId: account.accountId,
    key: key.key,
    keyId: key.id,
    headers: { authorization: `Bearer ${key.key}` },
  };
}
