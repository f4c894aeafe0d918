import { afterEach, expect, it, vi } from "vitest";
import { describeOnPostgres, terminateSessionsNamed } from "../../test/postgres-cluster.ts";
import { ClusterChannel } from "./cluster-channel.ts";

const quiet = { info: () => {}, warn: () => {} };

describeOnPostgres("messages between server processes", (db) => {
  const open: ClusterChannel[] = [];
  afterEach(async () => {
    for (const channel of open.splice(0)) await channel.stop();
  });

  async function channel() {
    const made = new ClusterChannel({ connection: db().connection, log: quiet, reconnectMs: 100 });
    await made.start();
    open.push(made);
    return made;
  }

  it("delivers a message to the other processes, never back to its sender", async () => {
    const [first, second] = [await channel(), await channel()];
    const heard = { first: [] as unknown[], second: [] as unknown[] };
    first.on("greeting", (message) => heard.first.push(message));
    second.on("greeting", (message) => heard.second.push(message));
    expect(await first.send("greeting", { text: "hello" })).toBe(true);
    await vi.waitFor(() => expect(heard.second).toEqual([{ text: "hello" }]));
    expect(heard.first).toEqual([]);
  });

  it("delivers a message a hundred times the size of one notification whole", async () => {
    const [first, second] = [await channel(), await channel()];
    const big = { rows: Array.from({ length: 4000 }, (_, i) => `row ${i} · ${"🙂".repeat(50)}`) };
    const heard: unknown[] = [];
    second.on("bulk", (message) => heard.push(message));
    await first.send("bulk", big);
    await first.send("bulk", { after: true });
    await vi.waitFor(() => expect(heard).toHaveLength(2));
    expect(heard).toEqual([big, { after: true }]);
  });

  it("listens again after its connection was lost, and says so", async () => {
    const [first, second] = [await channel(), await channel()];
    const heard: unknown[] = [];
    let reconnects = 0;
    second.on("greeting", (message) => heard.push(message));
    second.onReconnect(() => {
      reconnects += 1;
    });
    expect(await terminateSessionsNamed(db().connection, `upwatch cluster ${second.origin}`)).toBe(
      1,
    );
    await vi.waitFor(() => expect(reconnects).toBe(1));
    await first.send("greeting", { text: "still there?" });
    await vi.waitFor(() => expect(heard).toEqual([{ text: "still there?" }]));
  });
});
