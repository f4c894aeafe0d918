import { describe, expect, it } from "vitest";
import { agentStatus, offlineThresholdMs } from "./agent-settings.ts";

const MINUTE = 60_000;

describe("agent offline threshold", () => {
  it("is the offline setting, or two reporting intervals when those are longer", () => {
    expect(offlineThresholdMs(5)).toBe(5 * MINUTE);
    expect(offlineThresholdMs(5, 60)).toBe(5 * MINUTE);
    expect(offlineThresholdMs(5, 600)).toBe(20 * MINUTE);
    expect(offlineThresholdMs(1, 3600)).toBe(120 * MINUTE);
  });

  it("keeps an agent reporting every ten minutes online between its reports", () => {
    const agent = { last_report_at: 0, offline_after_minutes: 5 };
    expect(agentStatus(agent, 10 * MINUTE)).toBe("offline");
    expect(agentStatus(agent, 10 * MINUTE, 600)).toBe("online");
    expect(agentStatus(agent, 21 * MINUTE, 600)).toBe("offline");
    expect(agentStatus({ last_report_at: null, offline_after_minutes: 5 }, 0, 600)).toBe("waiting");
  });
});
