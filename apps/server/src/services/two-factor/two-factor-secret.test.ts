import { expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { SecretBox } from "../../secrets/secret-box.ts";
import { parseSecretsKey } from "../../secrets/secrets-key.ts";
import { createServiceContext } from "../context.ts";
import { resealStoredSecrets } from "../secrets/reseal-stored-secrets.ts";
import { setUpTwoFactor } from "./set-up-two-factor.ts";
import { openTotpSecret } from "./two-factor-secret.ts";

const NEW_KEY = parseSecretsKey("bmV3IHRlc3Qga2V5IGFmdGVyIHRoZSByb3RhdGlvbiE=")!;

describeEachDatabase("two-factor secrets at rest", (db) => {
  it("stores the secret sealed, and a key rotation reseals it so the new key alone opens it", async () => {
    const ctx = createServiceContext(db().handle.db, TEST_SECRETS);
    const { accountId } = await createTestAccount(db(), "free", ctx);
    const owner = await ctx.db
      .selectFrom("memberships")
      .select("user_id")
      .where("account_id", "=", accountId)
      .executeTakeFirstOrThrow();
    const setup = await setUpTwoFactor(ctx, owner.user_id);
    const stored = async () =>
      (
        await ctx.db
          .selectFrom("two_factor")
          .select("secret_sealed")
          .where("user_id", "=", owner.user_id)
          .executeTakeFirstOrThrow()
      ).secret_sealed;
    expect(await stored()).not.toContain(setup.secret);

    await resealStoredSecrets(ctx.db, new SecretBox(NEW_KEY, [TEST_SECRETS.current]));
    const resealed = await stored();
    expect(resealed).toMatch(new RegExp(`^enc:v1:${NEW_KEY.id}:`));
    expect(openTotpSecret(new SecretBox(NEW_KEY), owner.user_id, resealed)).toBe(setup.secret);
  });
});
