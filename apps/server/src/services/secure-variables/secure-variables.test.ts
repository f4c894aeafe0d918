import { beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { storeMultiStepMonitor } from "../../../test/multi-step-monitors.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import type { MonitorChanges } from "../../engine/engine-ports.ts";
import { existingSecureVariableNames, loadSecureValues } from "../../records/load-secure-values.ts";
import { SecretBox } from "../../secrets/secret-box.ts";
import { parseSecretsKey } from "../../secrets/secrets-key.ts";
import { createServiceContext, type ServiceContext } from "../context.ts";
import { resealStoredSecrets } from "../secrets/reseal-stored-secrets.ts";
import { createSecureVariable } from "./create-secure-variable.ts";
import { replaceSecureVariable } from "./replace-secure-variable.ts";

const NEW_KEY = parseSecretsKey("bmV3IHRlc3Qga2V5IGFmdGVyIHRoZSByb3RhdGlvbiE=")!;

describeEachDatabase("secure variables for check runs", (db) => {
  let ctx: ServiceContext;
  let accountId: string;
  const access = () => ({ accountId, plan: "hobby" as const });

  beforeAll(async () => {
    ctx = createServiceContext(db().handle.db, TEST_SECRETS);
    accountId = (await createTestAccount(db(), "hobby", ctx)).accountId;
    await createSecureVariable(ctx, access(), { name: "api_token", value: "tok-1" });
    await createSecureVariable(ctx, access(), { name: "api_password", value: "pa ss é" });
  });

  it("opens the values a run asks for and leaves out names the account does not have", async () => {
    expect(await loadSecureValues(ctx.db, ctx.secrets, accountId, ["api_token", "nope"])).toEqual({
      api_token: "tok-1",
    });
    expect(await loadSecureValues(ctx.db, ctx.secrets, accountId, [])).toEqual({});
  });

  it("gives another account none of them, by value or by name", async () => {
    const other = (await createTestAccount(db(), "hobby", ctx)).accountId;
    expect(await loadSecureValues(ctx.db, ctx.secrets, other, ["api_token"])).toEqual({});
    expect(await existingSecureVariableNames(ctx.db, other)).toEqual(new Set());
    expect(await existingSecureVariableNames(ctx.db, accountId)).toEqual(
      new Set(["api_token", "api_password"]),
    );
  });

  it("tells the scheduler about each monitor using a variable when its value is replaced", async () => {
    const user = await storeMultiStepMonitor(ctx, accountId, "hobby", "Uses token", {
      token: "secure:api_token",
    });
    await storeMultiStepMonitor(ctx, accountId, "hobby", "Uses nothing secure", { token: "plain" });
    const saved: string[] = [];
    const changes: MonitorChanges = { saved: (m) => saved.push(m.id), removed: () => {} };
    const replaced = await replaceSecureVariable(ctx, access(), "api_token", "tok-2", changes);
    expect(saved).toEqual([user.id]);
    expect(replaced.usedBy).toEqual([{ id: user.id, name: "Uses token" }]);
    expect(await loadSecureValues(ctx.db, ctx.secrets, accountId, ["api_token"])).toEqual({
      api_token: "tok-2",
    });
  });

  it("reseals the values under a new key, and the new key opens them", async () => {
    const rotated = new SecretBox(NEW_KEY, [TEST_SECRETS.current]);
    await resealStoredSecrets(ctx.db, rotated);
    const rows = await ctx.db
      .selectFrom("secure_variables")
      .select("value")
      .where("account_id", "=", accountId)
      .execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.value).toMatch(new RegExp(`^enc:v1:${NEW_KEY.id}:`));
    const onlyNewKey = new SecretBox(NEW_KEY);
    expect(
      await loadSecureValues(ctx.db, onlyNewKey, accountId, ["api_token", "api_password"]),
    ).toEqual({ api_token: "tok-2", api_password: "pa ss é" });
  });
});
