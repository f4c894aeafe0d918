import { multiStepStructureSchema } from "@upwatch/core";
import { beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { placeOf } from "../../secrets/secret-box.ts";
import { createServiceContext, type ServiceContext } from "../context.ts";
import { settleMultiStep } from "./multi-step-settings.ts";

const options = (password: string) =>
  multiStepStructureSchema.parse({
    variables: { base_url: "https://api.example.com", password },
    steps: [
      {
        name: "login",
        type: "http_request",
        order_index: 1,
        config: { method: "POST", url: "{{base_url}}/v1/auth/login?key={{password}}" },
      },
    ],
  });

describeEachDatabase("saving a multi-step monitor's settings", (db) => {
  let ctx: ServiceContext;
  let accountId: string;

  beforeAll(async () => {
    ctx = createServiceContext(db().handle.db, TEST_SECRETS);
    accountId = (await createTestAccount(db(), "hobby", ctx)).accountId;
    const at = Date.now();
    await ctx.db
      .insertInto("secure_variables")
      .values({
        id: "sv_saved",
        account_id: accountId,
        name: "orders_api_password",
        value: TEST_SECRETS.seal("Kestrel-9041", placeOf("secure_variables", "value", "sv_saved")),
        created_at: at,
        updated_at: at,
      })
      .execute();
  });

  it("shows the first request's URL as the target, a secure variable left as its name", async () => {
    const settled = await settleMultiStep(ctx, accountId, {
      type: "multi_step",
      target: "",
      options: options("secure:orders_api_password"),
    });
    expect(settled.target).toBe("https://api.example.com/v1/auth/login?key={{password}}");
  });

  it("refuses a secure variable the account does not have, naming the variable", async () => {
    await expect(
      settleMultiStep(ctx, accountId, { type: "multi_step", options: options("secure:nope") }),
    ).rejects.toMatchObject({
      code: "invalid",
      message:
        "variables.password: there is no secure variable named nope; add it under Settings > Secure variables first.",
    });
  });

  it("does not see another account's secure variables", async () => {
    const other = (await createTestAccount(db(), "hobby", ctx)).accountId;
    await expect(
      settleMultiStep(ctx, other, {
        type: "multi_step",
        options: options("secure:orders_api_password"),
      }),
    ).rejects.toMatchObject({ code: "invalid" });
  });

  it("leaves other monitor types as they are", async () => {
    const http = { type: "http", target: "https://example.com/", options: {} };
    expect(await settleMultiStep(ctx, accountId, http)).toBe(http);
  });
});
