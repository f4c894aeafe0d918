import type { Group, MonitorView } from "@upwatch/api";
import { describe, expect, it } from "vitest";
import { downMembers } from "./group-tile.tsx";

const group = { monitor_ids: ["a", "b", "c", "d"] } as Group;
const monitor = (id: string, name: string, changes: Partial<MonitorView>) =>
  ({ id, name, paused: false, state: "up", ...changes }) as MonitorView;

describe("the wall display's tile", () => {
  it("names the group's members that are down, by name, leaving out paused and other monitors", () => {
    const monitors = [
      monitor("a", "Payments", { state: "down" }),
      monitor("b", "Orders", { state: "down" }),
      monitor("c", "Search", { state: "down", paused: true }),
      monitor("d", "Shop", {}),
      monitor("e", "Blog", { state: "down" }),
    ];
    expect(downMembers(group, monitors)).toEqual(["Orders", "Payments"]);
  });
});
