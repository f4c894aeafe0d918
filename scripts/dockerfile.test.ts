import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const dockerfile = readFileSync(`${ROOT}/Dockerfile`, "utf8");
const dockerignore = readFileSync(`${ROOT}/.dockerignore`, "utf8").split("\n");
// Instructions with their continuation lines joined, comments left out.
const instructions = dockerfile
  .replace(/\\\n/g, " ")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"));
// The literal ${NODE_IMAGE}, spelt so that it is not mistaken for a template placeholder.
const FROM_NODE_IMAGE = ["$", "{NODE_IMAGE}"].join("");
const stages = instructions.filter((line) => line.startsWith("FROM "));
const runtime = instructions.slice(instructions.lastIndexOf(stages.at(-1)!));

describe("the Dockerfile", () => {
  it("builds every stage from the Node.js image given as NODE_IMAGE, or from an earlier stage", () => {
    expect(instructions[0]).toMatch(/^ARG NODE_IMAGE=node:20-bookworm-slim$/);
    const names: string[] = [];
    for (const stage of stages) {
      const [, base, name] = /^FROM (\S+) AS (\S+)$/.exec(stage) ?? [];
      expect(base === FROM_NODE_IMAGE || names.includes(base!), stage).toBe(true);
      names.push(name!);
    }
    expect(stages.at(-1)).toBe(`FROM ${FROM_NODE_IMAGE} AS runtime`);
  });

  it("copies every workspace's manifest before installing, so installs are cached", () => {
    const workspaces = ["apps", "packages"].flatMap((group) =>
      readdirSync(`${ROOT}/${group}`).map((name) => `${group}/${name}`),
    );
    const firstInstall = instructions.findIndex((line) => line.includes("npm ci"));
    const copied = instructions
      .slice(0, firstInstall)
      .flatMap((line) => /^COPY (\S+\/package\.json) /.exec(line)?.[1] ?? []);
    expect(copied.sort()).toEqual(workspaces.map((dir) => `${dir}/package.json`).sort());
  });

  it("runs the server without compilers, as a user other than root, with its data on /data", () => {
    expect(runtime.join("\n")).not.toMatch(/\b(g\+\+|gcc|make|python3)\b/);
    expect(runtime).toContain("USER upwatch");
    expect(runtime).toContain("VOLUME /data");
    expect(runtime.some((line) => /^ENV DATA_DIR=\/data\b/.test(line))).toBe(true);
    expect(
      runtime.some((line) => line.startsWith("HEALTHCHECK ") && line.includes("/healthz")),
    ).toBe(true);
  });

  it("leaves the host's installs, builds, data and history out of the build context", () => {
    for (const entry of ["**/node_modules", "**/dist", "**/build", "**/data", ".git", ".env"]) {
      expect(dockerignore).toContain(entry);
    }
  });
});
