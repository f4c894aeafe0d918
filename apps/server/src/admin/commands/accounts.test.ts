import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { authenticateApiKey } from "../../services/api-keys/authenticate-api-key.ts";
import { createServiceContext } from "../../services/context.ts";
import { ACCOUNT_COMMANDS } from "./accounts.ts";

describeEachDatabase("the account admin commands", (db) => {
  it("create an account and print a key that authenticates as it", async () => {
    const ctx = createServiceContext(db().handle.db, TEST_SECRETS);
    const output = await ACCOUNT_COMMANDS["create-account"]!(ctx, {
      name: "Acme",
      email: "ops@acme.example",
      plan: "business",
    });
    expect(output).toMatch(/^Account acc_\S+ created on the Business plan\./);
    const key = /\s(uw_\S+)\n/.exec(output)?.[1];
    expect(key).toBeDefined();
    const access = await authenticateApiKey(ctx, key!);
    expect(access?.plan).toBe("business");
  });

  it("create an account on the operator's DEFAULT_PLAN when no plan is given", async () => {
    const ctx = createServiceContext(db().handle.db, TEST_SECRETS);
    const output = await ACCOUNT_COMMANDS["create-account"]!(ctx, {
      name: "Solo",
      email: "solo@example.com",
      defaultPlan: "enterprise",
    });
    expect(output).toMatch(/^Account acc_\S+ created on the Enterprise\+ plan\./);
  });

  it("list, revoke and re-plan what they created", async () => {
    const ctx = createServiceContext(db().handle.db, TEST_SECRETS);
    const created = await ACCOUNT_COMMANDS["create-account"]!(ctx, {
      name: "Beta",
      email: "beta@example.com",
    });
    const accountId = /Account (acc_\S+)/.exec(created)![1]!;
    expect(await ACCOUNT_COMMANDS["list-accounts"]!(ctx, {})).toContain(`${accountId}  free`);
    const keys = await ACCOUNT_COMMANDS["list-keys"]!(ctx, { account: accountId });
    const keyId = /^(key_\S+)/.exec(keys)![1]!;
    expect(keys).toMatch(/uw_\S{12}\.\.\./);
    await ACCOUNT_COMMANDS["revoke-key"]!(ctx, { key: keyId });
    expect(await ACCOUNT_COMMANDS["list-keys"]!(ctx, { account: accountId })).toContain("revoked");
    expect(await ACCOUNT_COMMANDS["set-plan"]!(ctx, { account: accountId, plan: "hobby" })).toBe(
      `Account ${accountId} is now on the Hobby plan.\nNothing else changed.\n`,
    );
  });

  it("explain a missing option or a bad plan", async () => {
    const ctx = createServiceContext(db().handle.db, TEST_SECRETS);
    await expect(ACCOUNT_COMMANDS["create-account"]!(ctx, { name: "X" })).rejects.toThrow(
      "This command needs --email.",
    );
    await expect(
      ACCOUNT_COMMANDS["create-account"]!(ctx, { name: "X", email: "x@example.com", plan: "gold" }),
    ).rejects.toThrow("The plan must be one of free, hobby, business, enterprise, self-hosted.");
  });
});
