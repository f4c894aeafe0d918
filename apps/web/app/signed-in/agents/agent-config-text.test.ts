import { describe, expect, it } from "vitest";
import { agentConfigText } from "./agent-config-text.ts";

describe("the agent.yaml shown after adding an agent", () => {
  it("sets the server's address and the key, and leaves the other fields at their defaults as comments", () => {
    const text = agentConfigText("https://upwatch.example.com", "uwa_abc");
    const active = text.split("\n").filter((line) => line && !line.startsWith("#"));
    expect(active).toEqual(["api_url: https://upwatch.example.com", "api_key: uwa_abc"]);
    for (const field of ["timeout: 30", "monitoring_interval: 60", "cpu_threshold: 80"]) {
      expect(text).toContain(`# ${field}`);
    }
  });
});
