import { readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  AGENT_VERSION,
  type PackagingMachine,
  packagingMachine,
  requireTool,
} from "./packaging-test-machine.ts";

const NPM = `upwatch-agent-${AGENT_VERSION}.tgz`;
const DEB = `upwatch-agent_${AGENT_VERSION}_all.deb`;
const RPM = `upwatch-agent-${AGENT_VERSION}-1.noarch.rpm`;
const STAMP = ".built-from.json";

interface Ensured {
  files: string[];
  skipped: { kind: string; sentence: string }[];
  rebuilt: boolean;
}

/** Runs the step `npm start` takes, on `machine`, for the folder `dir`. */
function ensure(machine: PackagingMachine, dir: string, bundle = machine.bundle): Ensured {
  const ran = machine.run(process.execPath, [
    "--input-type=module",
    "-e",
    [
      'import { ensureAgentPackages } from "./scripts/agent-packages/ensure-agent-packages.mjs";',
      "const [dir, bundle] = process.argv.slice(1);",
      "console.log(JSON.stringify(await ensureAgentPackages({ dir, bundle })));",
    ].join("\n"),
    dir,
    bundle,
  ]);
  if (ran.status !== 0) throw new Error(`Building the packages failed:\n${ran.stderr}`);
  return JSON.parse(ran.stdout);
}

const packagesIn = (dir: string) =>
  readdirSync(dir)
    .filter((name) => !name.startsWith("."))
    .sort();

beforeAll(() => requireTool("dpkg-deb", "`sudo apt-get install dpkg`"));

describe("the agent packages npm start keeps for the server to offer", () => {
  const machines: PackagingMachine[] = [];
  const machine = (options?: Parameters<typeof packagingMachine>[0]) => {
    const made = packagingMachine(options);
    machines.push(made);
    return made;
  };
  afterEach(() => {
    for (const made of machines.splice(0)) made.remove();
  });

  it("builds the npm package and the .deb without rpmbuild, then leaves them alone while nothing changed", () => {
    const plain = machine({ without: ["rpmbuild"] });
    const dir = join(plain.out, "agent-packages");
    const first = ensure(plain, dir);
    expect(first.rebuilt).toBe(true);
    expect(first.files.sort()).toEqual([NPM, DEB].sort());
    expect(first.skipped.map((skip) => skip.kind)).toEqual(["rpm"]);
    expect(packagesIn(dir)).toEqual([NPM, DEB].sort());
    const builtAt = statSync(join(dir, DEB)).mtimeMs;

    const second = ensure(plain, dir);
    expect(second.rebuilt).toBe(false);
    expect(statSync(join(dir, DEB)).mtimeMs).toBe(builtAt);
    expect(plain.packageManagerCalls()).toEqual([]);
  }, 60_000);

  it("adds the .rpm at the next start once rpmbuild is installed", () => {
    const before = machine({ without: ["rpmbuild"] });
    const dir = join(before.out, "agent-packages");
    ensure(before, dir);
    const after = machine({ fakeRpmbuild: true });
    const again = ensure(after, dir, before.bundle);
    expect(again.rebuilt).toBe(true);
    expect(again.skipped).toEqual([]);
    expect(packagesIn(dir)).toEqual([NPM, DEB, RPM].sort());
  }, 60_000);

  it("replaces the packages it built for an older agent, and keeps files an operator put there", () => {
    const plain = machine({ without: ["rpmbuild"] });
    const dir = join(plain.out, "agent-packages");
    ensure(plain, dir);
    writeFileSync(join(dir, "upwatch-agent-1.9.0.tgz"), "copied in by the operator");
    writeFileSync(
      plain.bundle,
      'if (process.argv[2] === "--version") console.log("upwatch-agent 2.2.0");\n',
    );
    const newer = ensure(plain, dir);
    expect(newer.files.sort()).toEqual(["upwatch-agent-2.2.0.tgz", "upwatch-agent_2.2.0_all.deb"]);
    expect(packagesIn(dir)).toEqual([
      "upwatch-agent-1.9.0.tgz",
      "upwatch-agent-2.2.0.tgz",
      "upwatch-agent_2.2.0_all.deb",
    ]);
    expect(readdirSync(dir)).toContain(STAMP);
  }, 60_000);
});
