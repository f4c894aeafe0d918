import { describe, expect, it } from "vitest";
import { LiveBus, type LiveListener } from "./live-bus.ts";
import type { LiveEvent } from "./live-events.ts";

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

describe("the live bus", () => {
  it("gives each account's listeners that account's events only", () => {
    const bus = new LiveBus();
    const ours = listener();
    const theirs = listener();
    bus.subscribe("acc_ours", ours);
    bus.subscribe("acc_theirs", theirs);
    bus.publish("acc_ours", deleted("mon_1"));
    expect(ours.received).toEqual([deleted("mon_1")]);
    expect(theirs.received).toEqual([]);
  });

  it("refuses a listener beyond the account's limit and forgets removed ones", () => {
    const bus = new LiveBus(2);
    const remove = bus.subscribe("acc_1", listener());
    expect(bus.subscribe("acc_1", listener())).not.toBeNull();
    expect(bus.subscribe("acc_1", listener())).toBeNull();
    expect(bus.subscribe("acc_2", listener())).not.toBeNull();
    remove!();
    expect(bus.count("acc_1")).toBe(1);
    expect(bus.subscribe("acc_1", listener())).not.toBeNull();
  });

  it("knows when nobody listens, so publishers can skip their work", () => {
    const bus = new LiveBus();
    expect(bus.idle).toBe(true);
    const remove = bus.subscribe("acc_1", listener());
    expect(bus.listening("acc_1")).toBe(true);
    expect(bus.listening("acc_2")).toBe(false);
    remove!();
    expect(bus.idle).toBe(true);
  });

  it("ends the listeners of one credential, or all of them", () => {
    const bus = new LiveBus();
    const [keyed, other, third] = [listener("key:1"), listener("key:2"), listener()];
    bus.subscribe("acc_1", keyed);
    bus.subscribe("acc_1", other);
    bus.subscribe("acc_2", third);
    bus.endCredential("key:1");
    expect([keyed.ended(), other.ended(), third.ended()]).toEqual([true, false, false]);
    bus.endAll();
    expect([other.ended(), third.ended()]).toEqual([true, true]);
  });
});
