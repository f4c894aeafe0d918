import { afterEach, expect, it, vi } from "vitest";
import { describeOnPostgres } from "../../test/postgres-cluster.ts";
import type { LiveListener } from "../live/live-bus.ts";
import type { LiveEvent } from "../live/live-events.ts";
import { ClusterChannel } from "./cluster-channel.ts";
import { ClusterLiveBus } from "./cluster-live-bus.ts";

const quiet = { info: () => {}, warn: () => {} };

function listener(credential?: string) {
  const received: LiveEvent[] = [];
  let ended = false;
  const self: LiveListener & { received: LiveEvent[]; ended(): boolean } = {
    send: (event) => received.push(event),
    end: () => {
      ended = true;
    },
    credential,
    received,
    ended: () => ended,
  };
  return self;
}

const deleted = (monitorId: string): LiveEvent => ({
  name: "monitor-deleted",
  data: { monitor_id: monitorId },
});

describeOnPostgres("live updates across server processes", (db) => {
  const running: { channel: ClusterChannel; bus: ClusterLiveBus }[] = [];
  const clock = { now: Date.UTC(2027, 0, 15, 8) };

  async function serverProcess() {
    const channel = new ClusterChannel({ connection: db().connection, log: quiet });
    const bus = new ClusterLiveBus(channel, { now: () => clock.now });
    await channel.start();
    bus.start();
    running.push({ channel, bus });
    return bus;
  }

  afterEach(async () => {
    for (const { channel, bus } of running.splice(0)) {
      await bus.stop();
      await channel.stop();
    }
  });

  it("delivers an event published on one process to a stream opened on another", async () => {
    const [api, leader] = [await serverProcess(), await serverProcess()];
    const stream = listener();
    api.subscribe("acc_1", stream);
    await vi.waitFor(() => expect(leader.listening("acc_1")).toBe(true));
    leader.publish("acc_1", deleted("mon_1"));
    leader.publish("acc_2", deleted("mon_2"));
    await vi.waitFor(() => expect(stream.received).toEqual([deleted("mon_1")]));
  });

  it("knows when another process has a stream for the account, and when it closed", async () => {
    const [api, leader] = [await serverProcess(), await serverProcess()];
    expect(leader.idle).toBe(true);
    const remove = api.subscribe("acc_1", listener())!;
    await vi.waitFor(() => expect(leader.listening("acc_1")).toBe(true));
    expect(leader.idle).toBe(false);
    expect(leader.listening("acc_2")).toBe(false);
    remove();
    await vi.waitFor(() => expect(leader.idle).toBe(true));
    expect(leader.listening("acc_1")).toBe(false);
  });

  it("learns of the streams already open on the others when it starts", async () => {
    const api = await serverProcess();
    api.subscribe("acc_1", listener());
    const leader = await serverProcess();
    await vi.waitFor(() => expect(leader.listening("acc_1")).toBe(true));
  });

  it("forgets the streams of a process that stopped announcing them, as when it died", async () => {
    const [api, leader] = [await serverProcess(), await serverProcess()];
    api.subscribe("acc_1", listener());
    await vi.waitFor(() => expect(leader.listening("acc_1")).toBe(true));
    clock.now += 91_000;
    expect(leader.listening("acc_1")).toBe(false);
    expect(leader.idle).toBe(true);
  });

  it("carries a batch of events far larger than one notification, whole and in order", async () => {
    const [api, leader] = [await serverProcess(), await serverProcess()];
    const stream = listener();
    api.subscribe("acc_1", stream);
    await vi.waitFor(() => expect(leader.listening("acc_1")).toBe(true));
    const events = Array.from({ length: 300 }, (_, index) =>
      deleted(`mon_${index}_${"é".repeat(200)}`),
    );
    for (const event of events) leader.publish("acc_1", event);
    await vi.waitFor(() => expect(stream.received).toHaveLength(events.length));
    expect(stream.received).toEqual(events);
  });

  it("ends the streams of a revoked credential or a deleted account on every process", async () => {
    const [api, other] = [await serverProcess(), await serverProcess()];
    const [keyed, session, account] = [listener("key:1"), listener("session:1"), listener()];
    api.subscribe("acc_1", keyed);
    api.subscribe("acc_1", session);
    api.subscribe("acc_2", account);
    await vi.waitFor(() => expect(other.listening("acc_2")).toBe(true));
    other.endCredential("key:1");
    other.endAccount("acc_2");
    await vi.waitFor(() => expect([keyed.ended(), account.ended()]).toEqual([true, true]));
    expect(session.ended()).toBe(false);
  });
});
