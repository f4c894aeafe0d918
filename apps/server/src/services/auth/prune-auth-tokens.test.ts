import { expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { createServiceContext } from "../context.ts";
import { createSession } from "./create-session.ts";
import { pruneAuthTokens } from "./prune-auth-tokens.ts";
import { sessionIsLive } from "./session-is-live.ts";
import { SESSION_LIFETIME_MS } from "./session-lifetime.ts";

describeEachDatabase("pruning sessions and reset links", (db) => {
  it("deletes expired sessions and reset links and keeps live ones", async () => {
    const start = Date.UTC(2026, 10, 21);
    let clock = start;
    const ctx = createServiceContext(db().handle.db, TEST_SECRETS, { now: () => clock });
    const account = await createTestAccount(db(), "free", ctx);
    const user = await ctx.db
      .selectFrom("users")
      .select("id")
      .where("account_id", "=", account.accountId)
      .executeTakeFirstOrThrow();
    const old = await createSession(ctx.db, ctx, { id: user.id, accountId: account.accountId });
    for (const [hash, createdAt] of [
      ["a".repeat(64), start],
      ["b".repeat(64), start + SESSION_LIFETIME_MS],
    ] as const) {
      await ctx.db
        .insertInto("password_resets")
        .values({
          token_hash: hash,
          user_id: user.id,
          created_at: createdAt,
          expires_at: createdAt + 3_600_000,
          used_at: null,
        })
        .execute();
    }
    clock = start + SESSION_LIFETIME_MS;
    const live = await createSession(ctx.db, ctx, { id: user.id, accountId: account.accountId });
    expect(await sessionIsLive(ctx, old.id)).toBe(false);
    expect(await sessionIsLive(ctx, live.id)).toBe(true);

    expect(await pruneAuthTokens(ctx.db, clock)).toBe(2);
    const sessions = await ctx.db.selectFrom("sessions").select("token_hash").execute();
    expect(sessions.map((s) => s.token_hash)).toEqual([live.id]);
    expect(sessions.map((s) => s.token_hash)).not.toContain(old.id);
    const resets = await ctx.db.selectFrom("password_resets").select("token_hash").execute();
    expect(resets.map((r) => r.token_hash)).toEqual(["b".repeat(64)]);
  });
});
