import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import semver from "semver";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

interface Manifest {
  name?: string;
  version?: string;
  engines?: { node?: string };
}

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, "utf8")) as T;
}

/** The manifest of every package installed from the lockfile, nested ones included. */
function installedManifests(): Manifest[] {
  const lock = readJson<{ packages: Record<string, { link?: boolean }> }>(
    join(ROOT, "package-lock.json"),
  );
  return Object.entries(lock.packages)
    .filter(([path, entry]) => path.startsWith("node_modules/") && !entry.link)
    .map(([path]) => join(ROOT, path, "package.json"))
    .filter((file) => existsSync(file))
    .map((file) => readJson<Manifest>(file));
}

// An open range such as ">=24" also admits Node lines not yet released, which no dependency can
// promise to support: the check covers released lines, and the one running it when newer.
const NEWEST_RELEASED_NODE = Math.max(26, semver.major(process.version));

/** The product's Node range cut into pieces within one released Node line each. */
function supportedLines(supported: string): string[] {
  const lines: string[] = [];
  for (const set of new semver.Range(supported).set) {
    for (let major = 0; major <= NEWEST_RELEASED_NODE; major += 1) {
      const line = `${set.map(String).join(" ")} >=${major}.0.0 <${major + 1}.0.0-0`;
      if (semver.minVersion(line)) lines.push(line);
    }
  }
  return lines;
}

/** "<name>@<version> asks for Node <range>" for each package refusing a Node version we support. */
function refusals(supported: string): string[] {
  const lines = supportedLines(supported);
  return installedManifests().flatMap((manifest) => {
    const wanted = manifest.engines?.node;
    // A range npm cannot read is ignored by npm as well.
    if (!wanted || !semver.validRange(wanted)) return [];
    return lines.every((line) => semver.subset(line, wanted))
      ? []
      : [`${manifest.name}@${manifest.version} asks for Node ${wanted}`];
  });
}

describe("the installed dependencies", () => {
  it("all run on every released Node version the product's engines allow", () => {
    const supported = readJson<Manifest>(join(ROOT, "package.json")).engines?.node ?? "";
    expect(supportedLines(supported).length).toBeGreaterThan(0);
    expect(refusals(supported)).toEqual([]);
  });

  it("would name a dependency that asks for a newer Node than the product allows", () => {
    const lines = supportedLines("^20.19 || ^22.12 || >=24");
    expect(lines.every((line) => semver.subset(line, ">=22"))).toBe(false);
    expect(lines.every((line) => semver.subset(line, ">=18"))).toBe(true);
    expect(
      lines.every((line) => semver.subset(line, "20.x || 22.x || 23.x || 24.x || 25.x || 26.x")),
    ).toBe(true);
  });
});
