import { describe, expect, it, vi } from "vitest";
import { describeOnPostgres, terminateLeaderSession } from "../../test/postgres-cluster.ts";
import {
  advisoryLockLeadership,
  alwaysLeader,
  type Leadership,
  neverLeader,
} from "./leadership.ts";

const quiet = { info: () => {}, warn: () => {} };

/** A part that records whether it runs. */
function part(name: string) {
  const self = {
    name,
    running: false,
    starts: 0,
    start: async () => {
      self.running = true;
      self.starts += 1;
    },
    stop: async () => {
      self.running = false;
    },
  };
  return self;
}

describe("leadership of a single process", () => {
  it("runs the parts of an SQLite install from its start to its stop", async () => {
    const leadership = alwaysLeader();
    const ticker = part("alert ticker");
    leadership.run(ticker);
    expect(ticker.running).toBe(false);
    await leadership.start();
    expect(leadership.isLeader()).toBe(true);
    expect(ticker.running).toBe(true);
    const late = part("engine");
    leadership.run(late);
    await vi.waitFor(() => expect(late.running).toBe(true));
    await leadership.stop();
    expect([ticker.running, late.running]).toEqual([false, false]);
  });

  it("never runs the parts of a process that runs no checks", async () => {
    const leadership = neverLeader();
    const ticker = part("alert ticker");
    leadership.run(ticker);
    await leadership.start();
    expect(leadership.isLeader()).toBe(false);
    expect(ticker.starts).toBe(0);
    await leadership.stop();
  });
});

describeOnPostgres("leadership among server processes", (db) => {
  const RETRY_MS = 200;
  const elect = () =>
    advisoryLockLeadership({ connection: db().connection, log: quiet, retryMs: RETRY_MS });
  const leaders = (all: Leadership[]) => all.filter((l) => l.isLeader()).length;

  it("lets exactly one of two processes lead and run its parts", async () => {
    const [first, second] = [elect(), elect()];
    const [one, two] = [part("engine"), part("engine")];
    first.run(one);
    second.run(two);
    await first.start();
    await second.start();
    expect(first.isLeader()).toBe(true);
    expect(second.isLeader()).toBe(false);
    // Several tries later the follower still follows.
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS * 3));
    expect(leaders([first, second])).toBe(1);
    expect([one.running, two.running]).toEqual([true, false]);
    await first.stop();
    await second.stop();
  });

  it("hands leadership to the other process when the leader's connection dies", async () => {
    const [first, second] = [elect(), elect()];
    const [one, two] = [part("engine"), part("engine")];
    first.run(one);
    second.run(two);
    await first.start();
    await second.start();
    expect(one.running).toBe(true);

    expect(await terminateLeaderSession(db().connection)).toBe(1);
    await vi.waitFor(() => expect(one.running).toBe(false), { timeout: RETRY_MS * 10 });
    await vi.waitFor(() => expect(two.running).toBe(true), { timeout: RETRY_MS * 10 });
    expect(first.isLeader()).toBe(false);
    expect(second.isLeader()).toBe(true);
    // The process that lost its connection comes back as a follower.
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS * 4));
    expect(leaders([first, second])).toBe(1);
    expect(one.running).toBe(false);
    await first.stop();
    await second.stop();
  });

  it("releases the lock when the leader stops, so the other takes over", async () => {
    const [first, second] = [elect(), elect()];
    const two = part("alert ticker");
    second.run(two);
    await first.start();
    await second.start();
    expect(two.running).toBe(false);
    await first.stop();
    await vi.waitFor(() => expect(two.running).toBe(true), { timeout: RETRY_MS * 10 });
    await second.stop();
    expect(two.running).toBe(false);
  });
});
