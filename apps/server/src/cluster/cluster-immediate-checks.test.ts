import { afterEach, expect, it } from "vitest";
import { describeOnPostgres } from "../../test/postgres-cluster.ts";
import type { ImmediateChecks } from "../engine/engine-ports.ts";
import type { Monitor } from "../records/monitor-record.ts";
import { ClusterChannel } from "./cluster-channel.ts";
import { clusterImmediateChecks } from "./cluster-immediate-checks.ts";
import { alwaysLeader, neverLeader } from "./leadership.ts";

const quiet = { info: () => {}, warn: () => {} };
const monitor = { id: "mon_1", account_id: "acc_1" } as Monitor;

describeOnPostgres("checking now on a follower", (db) => {
  const open: ClusterChannel[] = [];
  afterEach(async () => {
    for (const channel of open.splice(0)) await channel.stop();
  });

  async function channel() {
    const made = new ClusterChannel({ connection: db().connection, log: quiet });
    await made.start();
    open.push(made);
    return made;
  }

  /** An engine that records what it was asked to check. */
  function engine(checkedAt: number) {
    const asked: { id: string; gapMs: number }[] = [];
    const checks: ImmediateChecks & { asked: typeof asked } = {
      asked,
      checkNow: async (checked, gapMs) => {
        asked.push({ id: checked.id, gapMs });
        return { outcome: "checked", checkedAt };
      },
    };
    return checks;
  }

  it("is answered by the leader's engine with the check it stored", async () => {
    const leaderEngine = engine(1_000);
    const followerEngine = engine(2_000);
    const leadership = alwaysLeader();
    await leadership.start();
    clusterImmediateChecks({
      leadership,
      channel: await channel(),
      engine: leaderEngine,
      load: async (id) => (id === monitor.id ? monitor : undefined),
      log: quiet,
    });
    const follower = clusterImmediateChecks({
      leadership: neverLeader(),
      channel: await channel(),
      engine: followerEngine,
      load: async () => monitor,
      log: quiet,
    });
    expect(await follower.checkNow(monitor, 5_000)).toEqual({
      outcome: "checked",
      checkedAt: 1_000,
    });
    expect(leaderEngine.asked).toEqual([{ id: "mon_1", gapMs: 5_000 }]);
    expect(followerEngine.asked).toEqual([]);
    expect(await follower.checkNow({ ...monitor, id: "mon_gone" }, 5_000)).toEqual({
      outcome: "not-run",
    });
    await leadership.stop();
  });

  it("answers not-run when no leader answers in time", async () => {
    const follower = clusterImmediateChecks({
      leadership: neverLeader(),
      channel: await channel(),
      engine: engine(2_000),
      load: async () => monitor,
      log: quiet,
      timeoutMs: 200,
    });
    expect(await follower.checkNow(monitor, 5_000)).toEqual({ outcome: "not-run" });
  });

  it("gives up the waiting checks when the server closes", async () => {
    const follower = clusterImmediateChecks({
      leadership: neverLeader(),
      channel: await channel(),
      engine: engine(2_000),
      load: async () => monitor,
      log: quiet,
    });
    const waiting = follower.checkNow(monitor, 5_000);
    follower.stop();
    expect(await waiting).toEqual({ outcome: "not-run" });
  });
});
