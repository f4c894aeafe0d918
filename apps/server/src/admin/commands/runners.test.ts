import { BrokerControl, type RunnerControlMessage, revokedDetail } from "@upwatch/broker";
import { eventually, testPrefix, testRedisUrl } from "@upwatch/broker/testing";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { createServiceContext } from "../../services/context.ts";
import { verifyRunnerToken } from "../../services/runners/verify-runner-token.ts";
import { RUNNER_COMMANDS } from "./runners.ts";

describeEachDatabase("the runner admin commands", (db) => {
  const context = () => createServiceContext(db().handle.db, TEST_SECRETS);

  it("add a runner and print its token once, with the command that starts it", async () => {
    const ctx = context();
    const output = await RUNNER_COMMANDS.add!(ctx, { region: "eu-west-1", name: "frankfurt-1" });
    expect(output).toMatch(/^Runner run_[a-z2-7]{16} "frankfurt-1" for eu-west-1 created\./);
    const token = /\n {2}(upr_\S+)\n/.exec(output)?.[1];
    expect(token).toBeDefined();
    expect(output).toContain(`RUNNER_TOKEN=${token} npm run runner -- --region eu-west-1`);
    expect((await verifyRunnerToken(ctx, token!, "eu-west-1")).ok).toBe(true);
  });

  it("list runners with their region, last heartbeat and revocation", async () => {
    const ctx = context();
    const added = await RUNNER_COMMANDS.add!(ctx, { region: "ap-southeast-2", name: "sydney" });
    const id = /Runner (run_\S+)/.exec(added)![1]!;
    expect(await RUNNER_COMMANDS.list!(ctx, {})).toMatch(
      new RegExp(`${id}  ap-southeast-2  +last seen never  sydney`),
    );
    await RUNNER_COMMANDS.revoke!(ctx, { id });
    expect(await RUNNER_COMMANDS.list!(ctx, {})).toMatch(
      new RegExp(`${id}  ap-southeast-2  +last seen never  revoked \\d{4}-\\d\\d-\\d\\dT`),
    );
  });

  it("revoke a runner and tell it through the broker to stop at once", async () => {
    const url = testRedisUrl();
    const keys = testPrefix(url);
    const runner = new BrokerControl({ url, prefix: keys.prefix });
    const admin = new BrokerControl({ url, prefix: keys.prefix });
    try {
      const heard: RunnerControlMessage[] = [];
      await runner.onRunnerControl((message) => heard.push(message));
      const ctx = context();
      const added = await RUNNER_COMMANDS.add!(ctx, { region: "us-west-2", name: "oregon" });
      const id = /Runner (run_\S+)/.exec(added)![1]!;
      const output = await RUNNER_COMMANDS.revoke!(ctx, {
        id,
        announceRevoked: (runnerId) => admin.announceRevoked(runnerId, revokedDetail(Date.now())),
      });
      expect(output).toBe(
        `Runner ${id} (us-west-2) is revoked; the servers refuse it from now on, and it was told to stop.\n`,
      );
      await eventually(() => heard.length === 1, "the revocation");
      expect(heard[0]).toMatchObject({ runnerId: id, status: "revoked" });
      expect(heard[0]?.detail).toMatch(/^This runner's token was revoked on \d{4}-\d\d-\d\d;/);
    } finally {
      await Promise.all([runner.close(), admin.close()]);
      await keys.clean();
    }
  });

  it("keep a revocation when the broker does not answer, and say what happens instead", async () => {
    const ctx = context();
    const added = await RUNNER_COMMANDS.add!(ctx, { region: "us-west-1", name: "x" });
    const id = /Runner (run_\S+)/.exec(added)![1]!;
    const output = await RUNNER_COMMANDS.revoke!(ctx, {
      id,
      announceRevoked: async () => {
        throw new Error("connection refused");
      },
    });
    expect(output).toContain("the runner stops at its next heartbeat instead");
    expect((await verifyRunnerToken(ctx, `upr_${id}_${"A".repeat(43)}`, "us-west-1")).ok).toBe(
      false,
    );
  });

  it("explain a missing option or an unknown runner", async () => {
    const ctx = context();
    await expect(RUNNER_COMMANDS.add!(ctx, { name: "x" })).rejects.toThrow(
      "This command needs --region, the region the runner checks from.",
    );
    await expect(RUNNER_COMMANDS.revoke!(ctx, {})).rejects.toThrow(
      "This command needs the runner's id.",
    );
    await expect(RUNNER_COMMANDS.revoke!(ctx, { id: "run_unknown" })).rejects.toThrow(
      "There is no runner with that id.",
    );
  });
});
