import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { createServiceContext } from "../context.ts";
import { issueRunnerToken } from "./issue-runner-token.ts";
import { listRunners } from "./list-runners.ts";
import { recordRunnerHeartbeat } from "./record-runner-heartbeat.ts";
import { revokeRunner } from "./revoke-runner.ts";
import { hashRunnerToken } from "./runner-token.ts";
import { verifyRunnerToken } from "./verify-runner-token.ts";

const NOV_24 = Date.UTC(2026, 10, 24, 9, 30);

describeEachDatabase("runner tokens", (db) => {
  const context = (now = NOV_24) =>
    createServiceContext(db().handle.db, TEST_SECRETS, { now: () => now });

  it("issues a token that names its runner and is stored only as a hash", async () => {
    const ctx = context();
    const { runner, token } = await issueRunnerToken(ctx, {
      name: "frankfurt-1",
      region: "eu-west-1",
    });
    expect(runner.id).toMatch(/^run_[a-z2-7]{16}$/);
    expect(token).toMatch(new RegExp(`^upr_${runner.id}_[A-Za-z0-9_-]{43}$`));
    const stored = (await listRunners(ctx)).find((each) => each.id === runner.id);
    expect(stored).toEqual({
      id: runner.id,
      name: "frankfurt-1",
      region: "eu-west-1",
      token_hash: hashRunnerToken(token),
      created_at: NOV_24,
      revoked_at: null,
      last_seen_at: null,
      version: null,
    });
    expect(JSON.stringify(stored)).not.toContain(token.slice(-43));
  });

  it("accepts the token from its own region only", async () => {
    const ctx = context();
    const { runner, token } = await issueRunnerToken(ctx, { name: "dublin", region: "eu-west-1" });
    expect(await verifyRunnerToken(ctx, token, "eu-west-1")).toEqual({ ok: true, runner });
    expect(await verifyRunnerToken(ctx, token, "us-west-2")).toEqual({
      ok: false,
      detail: "This token belongs to a runner of eu-west-1, not us-west-2.",
    });
  });

  it("refuses a wrong secret, an unknown runner and text that is no token alike", async () => {
    const ctx = context();
    const { token } = await issueRunnerToken(ctx, { name: "dublin", region: "eu-west-1" });
    const wrongSecret = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const unknown = `upr_run_aaaaaaaaaaaaaaaa_${"A".repeat(43)}`;
    const refusal = {
      ok: false,
      detail:
        "This Upwatch knows no runner with this token; issue one with npm run admin -- runner add.",
    };
    expect(await verifyRunnerToken(ctx, wrongSecret, "eu-west-1")).toEqual(refusal);
    expect(await verifyRunnerToken(ctx, unknown, "eu-west-1")).toEqual(refusal);
    expect(await verifyRunnerToken(ctx, "uw_an-api-key", "eu-west-1")).toEqual({
      ok: false,
      detail: "This is not a runner token; issue one with npm run admin -- runner add.",
    });
  });

  it("refuses a revoked runner with the day it was revoked", async () => {
    const { runner, token } = await issueRunnerToken(context(), { name: "x", region: "us-west-2" });
    const revoked = await revokeRunner(context(NOV_24 + 1000), runner.id);
    expect(revoked.revoked_at).toBe(NOV_24 + 1000);
    expect(await verifyRunnerToken(context(), token, "us-west-2")).toEqual({
      ok: false,
      detail:
        "This runner's token was revoked on 2026-11-24; issue a new one with npm run admin -- runner add.",
    });
    // Revoking again keeps the first date.
    expect((await revokeRunner(context(NOV_24 + 5000), runner.id)).revoked_at).toBe(NOV_24 + 1000);
  });

  it("says so when revoking a runner that does not exist", async () => {
    await expect(revokeRunner(context(), "run_nothinghere2345")).rejects.toThrow(
      "There is no runner with that id.",
    );
  });

  it("refuses a name or region it cannot use", async () => {
    await expect(
      issueRunnerToken(context(), { name: "x", region: "eu-central-9" }),
    ).rejects.toThrow(
      "eu-central-9 is not a region Upwatch knows; choose one of us-west-1, us-west-2, eu-west-1, ap-southeast-2.",
    );
    await expect(issueRunnerToken(context(), { name: " ", region: "eu-west-1" })).rejects.toThrow(
      /^The runner's name must be 1 to 100/,
    );
  });

  it("records when a runner was last seen and its version, never going back in time", async () => {
    const ctx = context();
    const { runner } = await issueRunnerToken(ctx, { name: "x", region: "eu-west-1" });
    await recordRunnerHeartbeat(ctx, runner.id, { at: NOV_24 + 5000, version: "1.2.0" });
    await recordRunnerHeartbeat(ctx, runner.id, { at: NOV_24 + 1000, version: "1.1.0" });
    const seen = (await listRunners(ctx)).find((each) => each.id === runner.id);
    expect(seen).toMatchObject({ last_seen_at: NOV_24 + 5000, version: "1.2.0" });
  });
});
