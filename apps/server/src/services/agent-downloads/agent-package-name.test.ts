import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { comparePackages, parseAgentPackageName } from "./agent-package-name.ts";

describe("agent package names", () => {
  it("reads the kind and version of the three package names", () => {
    expect(parseAgentPackageName("upwatch-agent_2.0.0_all.deb")).toEqual({
      kind: "deb",
      version: "2.0.0",
    });
    expect(parseAgentPackageName("upwatch-agent-2.0.0-1.noarch.rpm")).toEqual({
      kind: "rpm",
      version: "2.0.0",
    });
    expect(parseAgentPackageName("upwatch-agent-2.10.3.tgz")).toEqual({
      kind: "npm",
      version: "2.10.3",
    });
  });

  it("takes no other name, so none reaches outside the packages folder", () => {
    for (const name of [
      "../upwatch-agent-2.0.0.tgz",
      "upwatch-agent-2.0.0.tgz/..",
      "upwatch-agent_2.0.0_amd64.deb",
      "upwatch-agent-2.0.0-1.x86_64.rpm",
      "upwatch-agent-2.0.tgz",
      "upwatch-agent-2.0.0.tgz.sha256",
      "",
    ]) {
      expect(parseAgentPackageName(name), name).toBeUndefined();
    }
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        const name = `${before}/${after}`;
        expect(parseAgentPackageName(name)).toBeUndefined();
      }),
    );
  });

  it("orders the newest version first, and .deb, .rpm, npm within a version", () => {
    const names = [
      "upwatch-agent-2.0.0.tgz",
      "upwatch-agent-10.0.0.tgz",
      "upwatch-agent-2.0.0-1.noarch.rpm",
      "upwatch-agent_2.0.0_all.deb",
      "upwatch-agent-2.1.0.tgz",
    ];
    const sorted = names
      .map((name) => ({ name, ...parseAgentPackageName(name)! }))
      .sort(comparePackages)
      .map((entry) => entry.name);
    expect(sorted).toEqual([
      "upwatch-agent-10.0.0.tgz",
      "upwatch-agent-2.1.0.tgz",
      "upwatch-agent_2.0.0_all.deb",
      "upwatch-agent-2.0.0-1.noarch.rpm",
      "upwatch-agent-2.0.0.tgz",
    ]);
  });
});
